import { staffNotification, visitorAcknowledgement, type ComposeInput, type MailKind, type MailMessage } from "./message.server";

/**
 * Every kind of e-mail the outbox sends, with its composer. A kind tied to an enquiry (`enquiry: true`)
 * drives the enquiry's delivery flags and status; the others (password resets, invitations, replies) are
 * addressed by their outbox row's recipient.
 */
type MailKindDefinition = { enquiry: boolean; compose(input: ComposeInput): MailMessage };

function requireSubmission(input: ComposeInput) {
  if (!input.submission) throw new Error(`A ${input.outbox.kind} message needs its enquiry, which no longer exists.`);
  return input.submission;
}

export const MAIL_KINDS: Record<MailKind, MailKindDefinition> = {
  "staff-notification": { enquiry: true, compose: (input) => staffNotification(input.env, requireSubmission(input)) },
  "visitor-acknowledgement": { enquiry: true, compose: (input) => visitorAcknowledgement(input.env, requireSubmission(input)) },
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
