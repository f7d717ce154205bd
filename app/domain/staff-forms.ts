import { z } from "zod";
import { passwordConfirmationSchema, passwordSchema, passwordsDifferIssue, passwordsMatch } from "./password-policy";
import { requiredText } from "./required-text";
import { countOf } from "./plural";
import { STAFF_ROLES, type StaffRole } from "./staff-roles";

/**
 * The forms of the Users screen (/edit/users) and of the invitation page (/accept-invitation): one schema each,
 * used by the browser and again by the action. `intent` says which of the Users screen's forms was sent; each is
 * a plain form, so every action works without JavaScript.
 */
export const STAFF_INTENTS = ["invite", "change-role", "deactivate", "reactivate", "resend-invitation", "revoke-invitation"] as const;
export type StaffIntent = (typeof STAFF_INTENTS)[number];

export function isStaffIntent(value: unknown): value is StaffIntent {
  return typeof value === "string" && (STAFF_INTENTS as readonly string[]).includes(value);
}

const role = z.enum(STAFF_ROLES, { error: "Choose a role." });
const id = z.string().min(1).max(200);

export const inviteStaffSchema = z.object({
  email: z.string({ error: "Enter the e-mail address to invite." }).trim().toLowerCase().max(254).pipe(z.email("Enter a valid e-mail address.")),
  role,
});

export const changeRoleSchema = z.object({ userId: id, role });
export const staffAccountSchema = z.object({ userId: id });
export const invitationSchema = z.object({ invitationId: z.uuid() });

/** The invitation page: the invitee's name and a password (the policy of every new password); the token rides along hidden. */
export const acceptInvitationSchema = z
  .object({
    token: z.string().min(1).max(200),
    name: requiredText("Enter your name.").max(120, "Use at most 120 characters."),
    password: passwordSchema,
    confirm: passwordConfirmationSchema,
  })
  .refine(passwordsMatch, passwordsDifferIssue);

/**
 * What an Owner is asked before deactivating someone on /edit/users (components/admin/confirm-popover.tsx, as for
 * deleting media or a listing's photo; its first paragraph is the popover's heading): who, and what deactivateStaff (models/staff.server.ts) does. It ends every session and
 * sets better-auth's ban, which sign-in refuses; an Owner's invitations still waiting are withdrawn, and reactivating
 * lifts the ban and leaves the role as it was (the withdrawn invitations stay withdrawn).
 */
export function deactivateQuestion(member: { name: string; email: string; role: StaffRole; sessions: number }): string {
  const signedOut =
    member.sessions > 0
      ? `They are signed out everywhere at once (${countOf(member.sessions, "open session")}) and can no longer sign in.`
      : "They can no longer sign in.";
  const invitations = member.role === "owner" ? " Invitations they sent that are still waiting are withdrawn." : "";
  return `Deactivate ${member.name} (${member.email})?\n\n${signedOut}${invitations}\n\nReactivate undoes this: they can sign in again, with the same role.`;
}
