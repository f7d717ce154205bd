import type { ContactSubmissionRow, EmailOutboxRow } from "#app/db/schema";
import type { Env } from "#app/env.server";

/** The kinds of message the outbox knows; each has a composer in mail-kinds.server.ts. */
export type MailKind = "staff-notification" | "visitor-acknowledgement";

/** What a composer gets: the settings, the outbox row (recipient, payload) and, for enquiry mail, the enquiry. */
export type ComposeInput = {
  env: Env;
  outbox: Pick<EmailOutboxRow, "id" | "kind" | "recipient" | "payload" | "submissionId">;
  submission?: ContactSubmissionRow;
};

/** One e-mail, ready for any transport: SMTP uses the text (and the HTML when there is one), template services use `params`. */
export type MailMessage = {
  kind: MailKind;
  /** Stable per submission and kind, so a receiving system can tell a re-delivery from a new message. */
  messageId: string;
  from: string;
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  /** The designed version; the plain text is always sent alongside it. */
  html?: string;
  /** The same content as named fields, for template-based services (EmailJS). */
  params: Record<string, string>;
};

export class HeaderInjectionError extends Error {
  constructor(field: string) {
    super(`Refused to send: the ${field} contains a line break, which could inject e-mail headers.`);
    this.name = "HeaderInjectionError";
  }
}

/** Values that end up in a header must be one line; the forms refuse them already, this is the last guard. */
export function assertHeaderSafe(field: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new HeaderInjectionError(field);
  return value;
}

export function senderAddress(env: Env): string {
  return env.MAIL_FROM ?? `${env.SITE_NAME} <no-reply@${new URL(env.siteUrl).hostname}>`;
}

function fullName(row: ContactSubmissionRow): string {
  return [row.firstName, row.lastName].filter(Boolean).join(" ");
}

function listingUrl(env: Env, row: ContactSubmissionRow): string {
  return row.listingPath ? `${env.siteUrl}${row.listingPath}` : "";
}

/** The notification to the internal mailbox: every field of the enquiry, Reply-To the visitor. */
export function staffNotification(env: Env, row: ContactSubmissionRow): MailMessage {
  const name = assertHeaderSafe("name", fullName(row));
  const email = assertHeaderSafe("e-mail address", row.email);
  const link = listingUrl(env, row);
  const params = {
    to_email: env.ENQUIRY_MAILBOX,
    from_name: name,
    from_email: email,
    phone: row.phone,
    interest: row.interest,
    message: row.message,
    submission_id: row.submissionId,
    listing_url: link,
    reply_to: email,
  };
  const text = [
    `A new ${link ? "enquiry about a listing" : "message from the Contact page"} has arrived.`,
    "",
    `Name: ${name}`,
    `Email: ${email}`,
    `Phone: ${row.phone}`,
    `Interest: ${row.interest}`,
    ...(link ? [`Listing: ${link}`] : []),
    `Submission: ${row.submissionId}`,
    "",
    "Message:",
    row.message,
    "",
    "Reply to this e-mail to answer the visitor directly.",
  ].join("\n");
  return {
    kind: "staff-notification",
    messageId: messageId(env, row.submissionId, "staff-notification"),
    from: assertHeaderSafe("sender", senderAddress(env)),
    to: assertHeaderSafe("mailbox", env.ENQUIRY_MAILBOX),
    replyTo: { name, address: email },
    subject: assertHeaderSafe("subject", `New enquiry (${row.interest}) from ${name}`),
    text,
    params,
  };
}

/**
 * The short acknowledgement to the visitor. It deliberately repeats nothing the visitor typed, so the
 * form cannot be used to send someone else a message of the sender's choosing.
 */
export function visitorAcknowledgement(env: Env, row: ContactSubmissionRow): MailMessage {
  const email = assertHeaderSafe("e-mail address", row.email);
  const text = [
    `Thank you for contacting ${env.SITE_NAME}.`,
    "",
    "We have received your message. A member of our concierge team will reply personally, usually within one business day.",
    "",
    `Your reference: ${row.submissionId}`,
    "",
    `${env.SITE_NAME}`,
    env.siteUrl,
  ].join("\n");
  return {
    kind: "visitor-acknowledgement",
    messageId: messageId(env, row.submissionId, "visitor-acknowledgement"),
    from: assertHeaderSafe("sender", senderAddress(env)),
    to: email,
    replyTo: { name: env.SITE_NAME, address: assertHeaderSafe("contact address", env.CONTACT_EMAIL) },
    subject: `We have received your message | ${env.SITE_NAME}`,
    text,
    params: { to_email: email, reply_to: env.CONTACT_EMAIL, submission_id: row.submissionId },
  };
}

/** Stable per message, so a receiving system can tell a re-delivery from a new message. */
export function messageId(env: Env, id: string, kind: MailKind): string {
  return `<${id}.${kind}@${new URL(env.siteUrl).hostname}>`;
}
