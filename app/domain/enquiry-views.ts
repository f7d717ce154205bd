import type { DeliveryState, EnquiryDeliveryState } from "./enquiry-delivery";
import type { PipelineStatus } from "./enquiry-pipeline-status";

/** What the inbox shows of an enquiry (shared by the model and the admin components). */
export type EnquirySummary = {
  id: string;
  submissionId: string;
  reference: string;
  firstName: string;
  lastName: string;
  /**
   * The address as stored, its domain in ASCII form (jose@xn--bcher-kva.de): what mailto: links and replies use, and
   * what the CSV export gives, since a spreadsheet goes on into mail-merge tools and CRMs, where this form is the one
   * every tool accepts, and it is the form the personal-data export and the database hold, so rows can be matched.
   */
  email: string;
  /** The same address as staff read it on screen, its domain in Unicode (jose@bücher.de); see services/email-display.server.ts. */
  displayEmail: string;
  phone: string;
  interest: string;
  pipelineStatus: PipelineStatus;
  openedAt: Date | null;
  createdAt: Date;
  listingPath: string | null;
  listingTitle: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  /** The state of the enquiry's own e-mails (notification and acknowledgement). */
  delivery: EnquiryDeliveryState;
  /** How many other enquiries came from the same e-mail address (any case). */
  otherFromAddress: number;
  /** The start of the message (the whole message in the CSV export). */
  excerpt: string;
  /** The next step a listing enquiry asked for, and how and when the visitor would like to be reached (null: not said). */
  intent: string | null;
  contactMethod: string | null;
  contactTime: string | null;
};

/** One e-mail of an enquiry, with its delivery state. */
export type EnquiryMessage = {
  id: string;
  kind: string;
  recipient: string;
  /** The recipient as staff read it (domain in Unicode). */
  displayRecipient: string;
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
  createdAt: Date;
  /** A reply's text and author. */
  body?: string;
  authorName?: string;
};

export type EnquiryNote = { id: string; authorLabel: string; body: string; createdAt: Date };

export type StaffOption = { id: string; name: string; email: string };

export function fullName(enquiry: { firstName: string; lastName: string }): string {
  return `${enquiry.firstName} ${enquiry.lastName}`.trim();
}
