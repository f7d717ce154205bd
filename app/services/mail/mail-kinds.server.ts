import {
  enquiryReply,
  staffNotification,
  visitorAcknowledgement,
  type ComposeInput,
  type MailKind,
  type MailMessage,
  type ReplyPayload,
} from "./message.server";
import { passwordResetMail, staffInvitationMail } from "./account-mail.server";

/**
 * Every kind of e-mail the outbox sends, with its composer. A kind tied to an enquiry (`enquiry: true`)
 * is written with every stored enquiry and drives its delivery flags and status; the others (replies,
 * password resets, invitations) have their own delivery state.
 */
type MailKindDefinition = { enquiry: boolean; compose(input: ComposeInput): MailMessage };

function requireSubmission(input: ComposeInput) {
  if (!input.submission) throw new Error(`A ${input.outbox.kind} message needs its enquiry, which no longer exists.`);
  return input.submission;
}

function replyPayload(input: ComposeInput): ReplyPayload {
  const payload = input.outbox.payload as Partial<ReplyPayload>;
  if (typeof payload.body !== "string" || payload.body.trim() === "") throw new Error("A reply needs its text.");
  return {
    body: payload.body,
    authorName: typeof payload.authorName === "string" ? payload.authorName : "",
    inReplyTo: typeof payload.inReplyTo === "string" ? payload.inReplyTo : "",
    references: Array.isArray(payload.references) ? payload.references.filter((value) => typeof value === "string") : [],
  };
}

export const MAIL_KINDS: Record<MailKind, MailKindDefinition> = {
  "staff-notification": { enquiry: true, compose: (input) => staffNotification(input.env, input.settings, requireSubmission(input)) },
  "visitor-acknowledgement": {
    enquiry: true,
    compose: (input) => visitorAcknowledgement(input.env, input.settings, requireSubmission(input), input.listingTitle),
  },
  "enquiry-reply": {
    enquiry: false,
    compose: (input) => enquiryReply(input.env, input.settings, input.outbox.id, requireSubmission(input), replyPayload(input)),
  },
  "password-reset": { enquiry: false, compose: passwordResetMail },
  "staff-invitation": { enquiry: false, compose: staffInvitationMail },
};

/** The two messages every stored enquiry gets, written with it in one transaction. */
export const ENQUIRY_MAIL_KINDS = (Object.keys(MAIL_KINDS) as MailKind[]).filter((kind) => MAIL_KINDS[kind].enquiry);

export function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(MAIL_KINDS, kind);
}

export function isEnquiryMailKind(kind: string): boolean {
  return isMailKind(kind) && MAIL_KINDS[kind].enquiry;
}

export function composeMail(input: ComposeInput): MailMessage {
  const { kind } = input.outbox;
  if (!isMailKind(kind)) throw new Error(`Unknown e-mail kind "${kind}".`);
  return MAIL_KINDS[kind].compose(input);
}
