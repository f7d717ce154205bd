import type { DeliveryState, EnquiryDeliveryState } from "./enquiry-delivery";
import type { PipelineStatus } from "./enquiry-pipeline-status";

/** What the inbox shows of an enquiry (shared by the model and the admin components). */
export type EnquirySummary = {
  id: string;
  submissionId: string;
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
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
