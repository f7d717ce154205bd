import type { ContactSubmissionRow, EmailOutboxRow } from "#app/db/schema";
import { asciiEmailAddress } from "#app/domain/email-address";
import { contactPreference, intentLabel } from "#app/domain/enquiry-intents";
import { enquiryReference } from "#app/domain/enquiry-reference";
import { isSharePath } from "#app/domain/shortlist";
import { telLink, whatsappLink } from "#app/domain/contact-links";
import type { SiteSettings } from "#app/domain/site-settings";
import type { Env } from "#app/env.server";
import { contactLinks, escapeHtml, factPanel, paragraph, paragraphsHtml, quoteBlock, renderMailHtml } from "./mail-layout.server";

/** The kinds of message the outbox knows; each has a composer in mail-kinds.server.ts. */
export type MailKind = "staff-notification" | "visitor-acknowledgement" | "enquiry-reply" | "password-reset" | "staff-invitation";

/** What a composer gets: the settings, the outbox row (recipient, payload) and, for enquiry mail, the enquiry. */
export type ComposeInput = {
  env: Env;
  /** The site's settings in force (company, contact details, mailbox). */
  settings: SiteSettings;
  outbox: Pick<EmailOutboxRow, "id" | "kind" | "recipient" | "payload" | "submissionId" | "createdAt">;
  submission?: ContactSubmissionRow;
  /** The title of the listing the enquiry was sent from, when it still exists. */
  listingTitle?: string;
};

/** One e-mail, ready for any transport: SMTP uses the text (and the HTML when there is one), template services use `params`. */
export type MailMessage = {
  kind: MailKind;
  /** Stable per message, so a receiving system can tell a re-delivery from a new message. */
  messageId: string;
  /** The message this one answers, and the thread before it (RFC 5322), so mail clients keep one conversation. */
  inReplyTo?: string;
  references?: string[];
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
  /** Sending it again would refuse it again: the outbox stops retrying at once. */
  readonly permanent = true;
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

/**
 * A visitor's words for a header, read back exactly as typed. Text shaped like an encoded word (`=?UTF-8?Q?a=0D=0A…?=`)
 * would be sent as it is, since nodemailer leaves plain ASCII alone, and a mail reader would decode it: into a line
 * break, a forged header for whatever decodes and forwards it. An invisible word joiner after each "=?" makes the
 * value non-ASCII, so nodemailer encodes the whole of it, and one decoding gives back the characters typed.
 */
export function typedHeaderText(value: string): string {
  return value.replaceAll("=?", "=\u2060?");
}

/**
 * An address a message goes to or is answered at, in its ASCII form (desk@xn--bcher-kva.de for desk@bücher.de).
 * Enquiries are stored in that form already, but the Settings' mailbox and contact address keep what staff typed, and
 * EmailJS hands template values to its mail service as they are (nodemailer would convert the domain itself).
 */
export function mailboxAddress(field: string, value: string): string {
  return asciiEmailAddress(assertHeaderSafe(field, value));
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
export function staffNotification(env: Env, settings: SiteSettings, row: ContactSubmissionRow): MailMessage {
  const name = assertHeaderSafe("name", fullName(row));
  const headerName = typedHeaderText(name);
  const email = mailboxAddress("e-mail address", row.email);
  const mailbox = mailboxAddress("mailbox", settings.enquiryMailbox);
  const link = listingUrl(env, row);
  const shortlist = isSharePath(row.listingPath);
  const nextStep = intentLabel(row.intent);
  const preference = contactPreference(row.contactMethod, row.contactTime);
  const params = {
    to_email: mailbox,
    from_name: name,
    from_email: email,
    phone: row.phone,
    interest: row.interest,
    message: row.message,
    submission_id: row.submissionId,
    listing_url: link,
    next_step: nextStep ?? "",
    preferred_contact: preference ?? "",
    reply_to: email,
  };
  const text = [
    `A new ${shortlist ? "enquiry about a shortlist" : link ? "enquiry about a listing" : "message from the Contact page"} has arrived.`,
    "",
    `Name: ${name}`,
    `Email: ${email}`,
    `Phone: ${row.phone}`,
    `Interest: ${row.interest}`,
    ...(link ? [`${shortlist ? "Shortlist" : "Listing"}: ${link}`] : []),
    ...(nextStep ? [`Next step: ${nextStep}`] : []),
    ...(preference ? [`Preferred contact: ${preference}`] : []),
    `Reference: ${enquiryReference(row.submissionId)}`,
    `Submission: ${row.submissionId}`,
    "",
    "Message:",
    row.message,
    "",
    "Reply to this e-mail to answer the visitor directly, or work the lead in the admin area:",
    `${env.siteUrl}/edit/enquiries`,
  ].join("\n");
  return {
    kind: "staff-notification",
    messageId: messageId(env, row.submissionId, "staff-notification"),
    from: assertHeaderSafe("sender", senderAddress(env)),
    to: mailbox,
    replyTo: { name: headerName, address: email },
    subject: assertHeaderSafe("subject", `New enquiry (${row.interest}) from ${headerName}`),
    text,
    params,
  };
}

/** Subject of the acknowledgement, and (with "Re: ") of every staff reply in the same thread. */
export function enquirySubject(siteName: string, submissionId: string): string {
  return `Your enquiry ${enquiryReference(submissionId)} | ${siteName}`;
}

function contactRoutes(settings: SiteSettings) {
  return [
    ...(settings.phone ? [{ label: "Telephone", text: settings.phone, href: telLink(settings.phone) }] : []),
    ...(settings.whatsapp ? [{ label: "WhatsApp", text: settings.whatsapp, href: whatsappLink(settings.whatsapp)! }] : []),
    { label: "E-mail", text: settings.contactEmail, href: `mailto:${settings.contactEmail}` },
  ];
}

/**
 * The acknowledgement to the visitor, in the site's design and as plain text. It goes only to the address
 * that submitted and repeats nothing the visitor typed (not even the name): only the reference and, for a
 * listing enquiry, the listing's title from our own catalogue. So the form cannot be used to make the site
 * send someone else words of the sender's choosing.
 */
export function visitorAcknowledgement(env: Env, settings: SiteSettings, row: ContactSubmissionRow, listingTitle?: string): MailMessage {
  const email = mailboxAddress("e-mail address", row.email);
  const contactAddress = mailboxAddress("contact address", settings.contactEmail);
  const reference = enquiryReference(row.submissionId);
  const about = listingTitle ? `your enquiry about ${listingTitle}` : "your message";
  const routes = contactRoutes(settings);
  const footer = `${settings.companyName} · ${settings.companyCountry}`;
  const text = [
    `Thank you for contacting ${env.SITE_NAME}.`,
    "",
    `We have received ${about}. A member of our concierge team will reply personally, usually within one business day.`,
    "",
    `Your reference: ${reference}`,
    ...(listingTitle ? [`Listing: ${listingTitle}`, `${env.siteUrl}${row.listingPath}`] : []),
    "",
    "Please quote your reference if you contact us in the meantime:",
    ...routes.map((route) => `${route.label}: ${route.text}`),
    "",
    footer,
    env.siteUrl,
  ].join("\n");
  const facts = [{ label: "Your reference", value: reference }, ...(listingTitle ? [{ label: "Listing", value: listingTitle }] : [])];
  const html = renderMailHtml({
    siteName: env.SITE_NAME,
    siteUrl: env.siteUrl,
    preheader: `We have received ${about}. Your reference is ${reference}.`,
    eyebrow: "Concierge",
    heading: "Thank you for your enquiry",
    bodyHtml:
      paragraph(`We have received ${escapeHtml(about)}. A member of our concierge team will reply personally, usually within one business day.`) +
      factPanel(facts) +
      paragraph("Please quote your reference if you contact us in the meantime:") +
      contactLinks(routes),
    footer,
  });
  return {
    kind: "visitor-acknowledgement",
    messageId: messageId(env, row.submissionId, "visitor-acknowledgement"),
    from: assertHeaderSafe("sender", senderAddress(env)),
    to: email,
    replyTo: { name: env.SITE_NAME, address: contactAddress },
    subject: assertHeaderSafe("subject", enquirySubject(env.SITE_NAME, row.submissionId)),
    text,
    html,
    params: { to_email: email, reply_to: contactAddress, submission_id: row.submissionId, reference },
  };
}

/** What a staff reply's outbox row carries: the text, who wrote it, and the thread it continues. */
export type ReplyPayload = { body: string; authorName: string; inReplyTo: string; references: string[] };

const quoteDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * A reply written by staff in the admin, to the enquiry's own address only (never an address from the
 * payload), with the visitor's original message quoted below it and the thread headers of the conversation.
 */
export function enquiryReply(env: Env, settings: SiteSettings, outboxId: string, row: ContactSubmissionRow, payload: ReplyPayload): MailMessage {
  const email = mailboxAddress("e-mail address", row.email);
  const mailbox = mailboxAddress("enquiry mailbox", settings.enquiryMailbox);
  const reference = enquiryReference(row.submissionId);
  const quoteIntro = `On ${quoteDate.format(row.createdAt)}, you wrote:`;
  const signature = [payload.authorName, settings.companyName].filter(Boolean);
  const text = [
    payload.body.trim(),
    "",
    ...signature,
    "",
    `Reference: ${reference}`,
    "",
    quoteIntro,
    ...row.message.split("\n").map((line) => `> ${line}`),
  ].join("\n");
  const html = renderMailHtml({
    siteName: env.SITE_NAME,
    siteUrl: env.siteUrl,
    preheader: `A reply to your enquiry ${reference}.`,
    eyebrow: `Your enquiry ${reference}`,
    heading: "A reply from our concierge",
    bodyHtml:
      paragraphsHtml(payload.body) +
      paragraph(signature.map(escapeHtml).join("<br>")) +
      contactLinks(contactRoutes(settings)) +
      quoteBlock(quoteIntro, row.message),
    footer: `${settings.companyName} · ${settings.companyCountry}`,
  });
  return {
    kind: "enquiry-reply",
    messageId: messageId(env, outboxId, "enquiry-reply"),
    inReplyTo: payload.inReplyTo,
    references: payload.references,
    from: assertHeaderSafe("sender", senderAddress(env)),
    to: email,
    replyTo: { name: env.SITE_NAME, address: mailbox },
    subject: assertHeaderSafe("subject", `Re: ${enquirySubject(env.SITE_NAME, row.submissionId)}`),
    text,
    html,
    params: { to_email: email, reply_to: mailbox, submission_id: row.submissionId, reference, message: payload.body },
  };
}

/** Stable per message, so a receiving system can tell a re-delivery from a new message. */
export function messageId(env: Env, id: string, kind: MailKind): string {
  return `<${id}.${kind}@${new URL(env.siteUrl).hostname}>`;
}
