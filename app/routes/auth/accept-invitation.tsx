import { getFormProps, useForm } from "@conform-to/react";
// Staff screens share the /edit area's stylesheet (app/admin.css).
import "#app/admin.css";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/accept-invitation";
import { formatAdminDate } from "#app/components/admin/enquiry-status";
import { AuthField, AuthFrame, FormAlert } from "#app/components/admin/auth-frame";
import { servicesContext } from "#app/db/context";
import { PASSWORD_MIN_LENGTH } from "#app/domain/password-policy";
import { SECRET_FIELDS } from "#app/domain/staff-auth-forms";
import { acceptInvitationSchema } from "#app/domain/staff-forms";
import { STAFF_ROLE_INFO } from "#app/domain/staff-roles";
import { acceptInvitation, findInvitation, INVITATION_LINK_PROBLEMS } from "#app/models/staff-invitations.server";
import { assertSameOrigin } from "#app/services/auth.server";
import { signInStaff } from "#app/services/auth-sign-in.server";
import { resolveClientIp } from "#app/services/client-ip.server";
import { hashPassword } from "#app/services/password-hash.server";
import { logSecurityEvent } from "#app/services/security-log.server";

/** The token is in the address: keep the page out of caches and its address out of Referer headers. */
const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get("token");
  const found = await findInvitation(db, token);
  const invitation = found.ok
    ? { email: found.email, role: STAFF_ROLE_INFO[found.role].label, invitedBy: found.invitedBy, expiresAt: found.expiresAt.toISOString() }
    : null;
  return data(
    { siteName: env.SITE_NAME, token: found.ok ? token : null, invitation, problem: found.ok ? null : INVITATION_LINK_PROBLEMS[found.problem] },
    { status: found.ok ? 200 : 410, headers: PRIVATE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  await assertSameOrigin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: acceptInvitationSchema });
  const hidden = { hideFields: SECRET_FIELDS };
  if (submission.status !== "success") return data({ result: submission.reply(hidden), problem: null }, { status: 400, headers: PRIVATE });
  const { token, name, password } = submission.value;
  // Hashed before the transaction, so the invitation's row is locked only for the writes.
  const accepted = await acceptInvitation(services.db, { token, name, passwordHash: await hashPassword(password) });
  const ip = resolveClientIp(services.clientIp);
  if (!accepted.ok) {
    logSecurityEvent("account-created", { outcome: "refused", ip, via: "invitation", reason: `invitation ${accepted.problem}` });
    return data({ result: submission.reply(hidden), problem: INVITATION_LINK_PROBLEMS[accepted.problem] }, { status: 410, headers: PRIVATE });
  }
  logSecurityEvent("account-created", { outcome: "success", actor: accepted.user.email, ip, role: accepted.user.role, via: "invitation" });
  const signedIn = await signInStaff(services, { email: accepted.user.email, password, clientAddress: ip, requestHeaders: request.headers });
  throw redirect(signedIn.ok ? "/edit" : "/sign-in", { headers: signedIn.ok ? signedIn.headers : undefined });
}

export function headers() {
  return PRIVATE;
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const { siteName, invitation } = loaderData;
  const problem = actionData?.problem ?? loaderData.problem;
  const [form, fields] = useForm({
    id: "accept-invitation",
    lastResult: actionData?.result,
    defaultValue: { token: loaderData.token ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptInvitationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const usable = invitation !== null && problem === null;
  return (
    <AuthFrame
      siteName={siteName}
      eyebrow="Staff invitation"
      title={usable ? `Join ${siteName}` : "This invitation cannot be used"}
      intro={
        usable
          ? `${invitation.invitedBy} invited ${invitation.email} to join the staff as ${invitation.role}. Choose the name your colleagues will see and a password; the link works once, until ${formatAdminDate(invitation.expiresAt)}.`
          : (problem ?? "")
      }
    >
      <title>{`Accept your invitation | ${siteName}`}</title>
      <meta name="robots" content="noindex" />
      {actionData?.problem ? <FormAlert>{actionData.problem}</FormAlert> : null}
      {usable ? (
        <Form method="post" {...getFormProps(form)} className="space-y-6">
          <input type="hidden" name={fields.token.name} value={loaderData.token ?? ""} />
          {/* The address the account will use, for password managers to store with the new password. */}
          <input type="email" name="username" value={invitation.email} autoComplete="username" readOnly hidden />
          <AuthField label="Your name" meta={fields.name} autoComplete="name" />
          <AuthField
            label="Password"
            meta={fields.password}
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password. A short sentence is easy to remember and hard to guess.`}
          />
          <AuthField label="Repeat password" meta={fields.confirm} type="password" autoComplete="new-password" />
          <button type="submit" className="btn-primary w-full disabled:opacity-70" disabled={submitting}>
            {submitting ? "Creating your account..." : "Create my account"}
          </button>
        </Form>
      ) : (
        <Link to="/sign-in" className="btn-primary">
          Go to sign-in
        </Link>
      )}
    </AuthFrame>
  );
}
