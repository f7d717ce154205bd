import type { Route } from "./+types/users";
import { AccountPanel } from "#app/components/admin/account/account-panel";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { InvitationList } from "#app/components/admin/users/invitation-list";
import { InviteForm } from "#app/components/admin/users/invite-form";
import { StaffList } from "#app/components/admin/users/staff-list";
import { servicesContext } from "#app/db/context";
import { listOpenInvitations } from "#app/models/staff-invitations.server";
import { listStaff } from "#app/models/staff.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";
import { staffAdminAction } from "#app/services/staff-admin-action.server";
import { countOf } from "#app/domain/plural";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, context, "users");
  const { db, env } = context.get(servicesContext);
  const [members, invitations] = await Promise.all([listStaff(db), listOpenInvitations(db)]);
  const hours = env.STAFF_INVITE_HOURS;
  const lifetime = hours % 24 === 0 ? countOf(hours / 24, "day") : countOf(hours, "hour");
  return { currentUserId: user.id, members, invitations, lifetime };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "users");
  return staffAdminAction(request, context, user);
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { currentUserId, members, invitations, lifetime } = loaderData;
  const active = members.filter((member) => member.active).length;
  return (
    <div className="max-w-5xl">
      <title>Users | Admin</title>
      <AdminPageHeader
        eyebrow="Owner"
        title="Users"
        intro="Who can open the admin area, and what each may do. A deactivated account is signed out everywhere at once and cannot sign in until it is reactivated. The site always keeps at least one active Owner. Every change is recorded in the activity trail."
      />
      <div className="mt-8 space-y-8">
        <AccountPanel
          id="invite"
          title="Invite a member of staff"
          intro="They receive an e-mail with a one-time link, choose their name and a password, and join with the role you pick."
        >
          <InviteForm answer={actionData} lifetime={lifetime} />
        </AccountPanel>
        <AccountPanel id="staff" title="Staff" intro={`${countOf(members.length, "account")}, ${active} active.`}>
          <StaffList members={members} currentUserId={currentUserId} answer={actionData} />
        </AccountPanel>
        <AccountPanel
          id="invitations"
          title="Invitations"
          intro="Invitations not yet accepted. Sending one again makes a fresh link; the earlier link stops working."
        >
          <InvitationList invitations={invitations} answer={actionData} />
        </AccountPanel>
      </div>
    </div>
  );
}
