import type { Route } from "./+types/account";
import { AccountPanel } from "#app/components/admin/account/account-panel";
import { ChangePasswordForm } from "#app/components/admin/account/change-password-form";
import { SessionList } from "#app/components/admin/account/session-list";
import { TwoFactorPanel } from "#app/components/admin/account/two-factor-panel";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { servicesContext } from "#app/db/context";
import { countOf } from "#app/domain/plural";
import { STAFF_ROLE_INFO } from "#app/domain/staff-roles";
import { privatePageHeaders } from "#app/routes/private-headers";
import { accountAction } from "#app/services/account-action.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";
import { sessionLookupHeaders } from "#app/services/replaced-session.server";
import { listAccountSessions } from "#app/services/staff-account.server";
import { twoFactorStatus } from "#app/services/two-factor.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, context, "account");
  const services = context.get(servicesContext);
  const [sessions, twoFactor] = await Promise.all([
    listAccountSessions(services, sessionLookupHeaders(request, context)),
    twoFactorStatus(services, user.id),
  ]);
  return { user, sessions, twoFactor, idleMinutes: services.env.SESSION_IDLE_MINUTES, maxHours: services.env.SESSION_MAX_HOURS };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "account");
  return accountAction(request, context, user);
}

export const headers = privatePageHeaders;

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions, twoFactor, idleMinutes, maxHours } = loaderData;
  const answer = actionData;
  return (
    <div className="max-w-4xl">
      <title>Your account | Admin</title>
      <AdminPageHeader
        eyebrow={STAFF_ROLE_INFO[user.role].label}
        title="Your account"
        intro={`Signed in as ${user.name} (${user.email}). Your role: ${STAFF_ROLE_INFO[user.role].description}`}
      />
      <div className="mt-8 space-y-8">
        <AccountPanel
          id="password"
          title="Password"
          intro="Changing your password signs out every other browser where your account is open. This one stays signed in."
        >
          <ChangePasswordForm answer={answer} />
        </AccountPanel>
        <AccountPanel
          id="two-factor"
          title="Two-step sign-in"
          intro="After your password, signing in also asks for a 6-digit code from an authenticator app on your phone, so a stolen password alone does not open this account."
        >
          <TwoFactorPanel status={twoFactor} answer={answer} />
        </AccountPanel>
        <AccountPanel
          id="sessions"
          title="Where you are signed in"
          intro={`A session ends after ${countOf(idleMinutes, "minute")} without use, and ${countOf(maxHours, "hour")} after signing in at the latest. Sign out any you do not recognise, then change your password.`}
        >
          <SessionList sessions={sessions} answer={answer} />
        </AccountPanel>
      </div>
    </div>
  );
}
