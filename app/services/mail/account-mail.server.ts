import type { SiteSettings } from "#app/domain/site-settings";
import { STAFF_ROLE_INFO, isStaffRole } from "#app/domain/staff-roles";
import { buttonLink, escapeHtml, paragraph, renderMailHtml, smallPrint } from "./mail-layout.server";
import { assertHeaderSafe, mailboxAddress, messageId, senderAddress, type ComposeInput, type MailMessage } from "./message.server";

/**
 * E-mails about staff accounts: a password-reset link and an invitation to join the staff. Each link carries
 * a one-time token (kept only as a hash on our side) and goes to the account's own address.
 */
function payloadText(input: ComposeInput, field: string): string {
  const value = input.outbox.payload[field];
  if (typeof value !== "string" || value === "") throw new Error(`A ${input.outbox.kind} message needs its ${field}.`);
  return value;
}

function recipient(input: ComposeInput): string {
  if (!input.outbox.recipient) throw new Error(`A ${input.outbox.kind} message needs its recipient.`);
  return mailboxAddress("e-mail address", input.outbox.recipient);
}

function footer(settings: SiteSettings) {
  return `${settings.companyName} · ${settings.companyCountry}`;
}

function hours(minutes: number): string {
  if (minutes < 120) return `${minutes} minutes`;
  const value = Math.round(minutes / 60);
  return value % 24 === 0 ? `${value / 24} ${value === 24 ? "day" : "days"}` : `${value} hours`;
}

export function passwordResetMail(input: ComposeInput): MailMessage {
  const { env, settings } = input;
  const to = recipient(input);
  const link = `${env.siteUrl}/reset-password?token=${encodeURIComponent(payloadText(input, "token"))}`;
  const lifetime = hours(env.PASSWORD_RESET_MINUTES);
  const intro = `Someone asked to reset the password of your staff account at ${env.SITE_NAME}. The link below works once, for ${lifetime}.`;
  const ignore = "If you did not ask for this, ignore this e-mail: your password stays as it is.";
  const text = [intro, "", link, "", ignore, "", footer(settings), env.siteUrl].join("\n");
  const html = renderMailHtml({
    siteName: env.SITE_NAME,
    siteUrl: env.siteUrl,
    preheader: `Reset your staff password. The link works once, for ${lifetime}.`,
    eyebrow: "Staff account",
    heading: "Reset your password",
    bodyHtml: paragraph(escapeHtml(intro)) + buttonLink(link, "Choose a new password") + smallPrint(ignore),
    footer: footer(settings),
  });
  return {
    kind: "password-reset",
    messageId: messageId(env, input.outbox.id, "password-reset"),
    from: assertHeaderSafe("sender", senderAddress(env)),
    to,
    subject: assertHeaderSafe("subject", `Reset your password | ${env.SITE_NAME}`),
    text,
    html,
    params: { to_email: to, link },
  };
}

export function staffInvitationMail(input: ComposeInput): MailMessage {
  const { env, settings } = input;
  const to = recipient(input);
  const link = `${env.siteUrl}/accept-invitation?token=${encodeURIComponent(payloadText(input, "token"))}`;
  const role = payloadText(input, "role");
  const roleLabel = isStaffRole(role) ? STAFF_ROLE_INFO[role].label : role;
  const inviter = payloadText(input, "invitedBy");
  const lifetime = hours(env.STAFF_INVITE_HOURS * 60);
  const intro = `${inviter} invites you to join the staff of ${env.SITE_NAME} as ${roleLabel}. Choose your name and a password with the link below; it works once, for ${lifetime}.`;
  const ignore = "If you did not expect this invitation, ignore this e-mail: no account is made until the link is used.";
  const text = [intro, "", link, "", ignore, "", footer(settings), env.siteUrl].join("\n");
  const html = renderMailHtml({
    siteName: env.SITE_NAME,
    siteUrl: env.siteUrl,
    preheader: `An invitation to join the staff as ${roleLabel}.`,
    eyebrow: "Staff invitation",
    heading: "Join the team",
    bodyHtml: paragraph(escapeHtml(intro)) + buttonLink(link, "Accept the invitation") + smallPrint(ignore),
    footer: footer(settings),
  });
  return {
    kind: "staff-invitation",
    messageId: messageId(env, input.outbox.id, "staff-invitation"),
    from: assertHeaderSafe("sender", senderAddress(env)),
    to,
    subject: assertHeaderSafe("subject", `Your invitation to ${env.SITE_NAME}`),
    text,
    html,
    params: { to_email: to, link, role: roleLabel },
  };
}
