import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/db/context";
import { changeRoleSchema, invitationSchema, inviteStaffSchema, isStaffIntent, staffAccountSchema, type StaffIntent } from "#app/domain/staff-forms";
import { STAFF_ROLE_INFO } from "#app/domain/staff-roles";
import { inviteStaff, openInvitation, revokeInvitation } from "#app/models/staff-invitations.server";
import { changeStaffRole, deactivateStaff, reactivateStaff } from "#app/models/staff.server";
import type { StaffUser } from "./auth.server";
import { logSecurityEvent } from "./security-log.server";

/** What the Users screen's action answers: which form, Conform's result for it, and what to tell the Owner. */
export type StaffActionResult = {
  intent: StaffIntent;
  result?: SubmissionResult<string[]>;
  notice?: string;
  error?: string;
  /** The account or invitation the answer is about, so the message shows beside its row. */
  subjectId?: string;
};

function answer(body: StaffActionResult, status = 200) {
  return data(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * The Users screen's action (/edit/users): one plain form per intent, each parsed with its own schema, so every
 * change works without JavaScript. The route has already checked the session and the Owner role
 * (requireStaffAction); each change checks again inside its transaction that the actor is still an active Owner.
 */
export async function staffAdminAction(request: Request, context: Readonly<RouterContextProvider>, user: StaffUser) {
  const services = context.get(servicesContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isStaffIntent(intent)) throw data({ message: "Unknown action." }, { status: 400, headers: { "Cache-Control": "no-store" } });
  const actor = { id: user.id, name: user.name, email: user.email };
  const ip = services.clientIp ?? null;

  switch (intent) {
    case "invite":
    case "resend-invitation": {
      let email: string;
      let role;
      let submission;
      if (intent === "invite") {
        submission = parseWithZod(formData, { schema: inviteStaffSchema });
        if (submission.status !== "success") return answer({ intent, result: submission.reply() }, 400);
        ({ email, role } = submission.value);
      } else {
        const parsed = parseWithZod(formData, { schema: invitationSchema });
        const open = parsed.status === "success" ? await openInvitation(services.db, parsed.value.invitationId) : null;
        if (!open) return answer({ intent, error: "That invitation has already been used or withdrawn." }, 409);
        ({ email, role } = open);
      }
      const invited = await inviteStaff(services.db, {
        actor,
        email,
        role,
        lifetimeHours: services.env.STAFF_INVITE_HOURS,
        action: intent === "invite" ? "invited" : "invitation re-sent",
      });
      if (!invited.ok) {
        const result = submission?.reply(invited.field ? { fieldErrors: { [invited.field]: [invited.message] } } : { formErrors: [invited.message] });
        return answer({ intent, result, error: invited.field ? undefined : invited.message }, 409);
      }
      services.outbox.wake();
      logSecurityEvent("account-changed", { outcome: "success", actor: user.email, ip, change: intent, role });
      return answer({
        intent,
        result: submission?.reply({ resetForm: true }),
        notice: `An invitation to join as ${STAFF_ROLE_INFO[role].label} is on its way to ${email}.`,
      });
    }
    case "revoke-invitation": {
      const parsed = parseWithZod(formData, { schema: invitationSchema });
      if (parsed.status !== "success") return answer({ intent, error: "That invitation has already been used or withdrawn." }, 400);
      const revoked = await revokeInvitation(services.db, actor, parsed.value.invitationId);
      if (!revoked.ok) return answer({ intent, error: revoked.message }, 409);
      return answer({ intent, notice: `The invitation to ${revoked.email} has been withdrawn; its link no longer works.` });
    }
    case "change-role": {
      const parsed = parseWithZod(formData, { schema: changeRoleSchema });
      if (parsed.status !== "success") return answer({ intent, error: "Choose a role." }, 400);
      const changed = await changeStaffRole(services.db, actor, parsed.value);
      const subjectId = parsed.value.userId;
      if (!changed.ok) return answer({ intent, error: changed.message, subjectId }, changed.reason === "unchanged" ? 200 : 409);
      logSecurityEvent("account-changed", { outcome: "success", actor: user.email, ip, subject: changed.member.email, role: parsed.value.role });
      return answer({ intent, subjectId, notice: `${changed.member.name} is now ${STAFF_ROLE_INFO[parsed.value.role].label}.` });
    }
    case "deactivate":
    case "reactivate": {
      const parsed = parseWithZod(formData, { schema: staffAccountSchema });
      if (parsed.status !== "success") return answer({ intent, error: "That account no longer exists." }, 400);
      const subjectId = parsed.value.userId;
      const changed =
        intent === "deactivate" ? await deactivateStaff(services.db, actor, subjectId) : await reactivateStaff(services.db, actor, subjectId);
      if (!changed.ok) return answer({ intent, error: changed.message, subjectId }, changed.reason === "unchanged" ? 200 : 409);
      logSecurityEvent("account-changed", { outcome: "success", actor: user.email, ip, subject: changed.member.email, change: intent });
      const notice =
        intent === "deactivate"
          ? `${changed.member.name} has been deactivated and signed out everywhere.`
          : `${changed.member.name} can sign in again.`;
      return answer({ intent, subjectId, notice });
    }
    default:
      throw data({ message: "Unknown action." }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
}
