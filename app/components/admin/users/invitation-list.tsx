import { Form, useNavigation } from "react-router";
import { formatAdminDate } from "#app/components/admin/enquiry-status";
import { STAFF_ROLE_INFO, type StaffRole } from "#app/domain/staff-roles";
import { BADGE, QUIET_BUTTON, SMALL_BUTTON, StaffNotice, type StaffAnswer } from "./staff-notice";

export type InvitationView = {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
};

/** Invitations not yet accepted: send again (a fresh link and expiry) or withdraw. */
export function InvitationList({ invitations, answer }: { invitations: InvitationView[]; answer?: StaffAnswer }) {
  const navigation = useNavigation();
  const busyId = navigation.formData?.get("invitationId");
  const notice = <StaffNotice answer={answer} intents={["resend-invitation", "revoke-invitation"]} />;
  if (invitations.length === 0)
    return (
      <>
        {notice}
        <p className="mt-3 text-sm text-stone">No invitations are waiting.</p>
      </>
    );
  return (
    <>
      {notice}
      <ul className="mt-3 divide-y divide-linen border-y border-linen">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-4 py-4">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium break-all text-forest-900">{invitation.email}</span>
                <span className={`${BADGE} border-ink/25 text-ink/75`}>{STAFF_ROLE_INFO[invitation.role].label}</span>
                <span className={`${BADGE} ${invitation.expired ? "border-red-700/50 bg-red-50 text-red-800" : "border-gold-500/50 text-gold-700"}`}>
                  {invitation.expired ? "Expired" : "Invited"}
                </span>
              </p>
              <p className="mt-1 text-xs text-stone">
                Invited by {invitation.invitedBy} on {formatAdminDate(invitation.createdAt)} · {invitation.expired ? "Expired" : "Link works until"}{" "}
                {formatAdminDate(invitation.expiresAt)}
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="resend-invitation" />
                <input type="hidden" name="invitationId" value={invitation.id} />
                <button
                  type="submit"
                  disabled={busyId === invitation.id}
                  className={SMALL_BUTTON}
                  // Starts with the words on the button, so voice control finds it by what it shows (WCAG 2.5.3).
                  aria-label={`Send again: the invitation to ${invitation.email}`}
                >
                  Send again
                </button>
              </Form>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="revoke-invitation" />
                <input type="hidden" name="invitationId" value={invitation.id} />
                <button
                  type="submit"
                  disabled={busyId === invitation.id}
                  className={QUIET_BUTTON}
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                >
                  Withdraw
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
