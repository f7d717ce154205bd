/**
 * The delivery state of one e-mail in the outbox, as staff see it (docs/decisions/0008):
 * sent; waiting to retry (with the next attempt, attempts so far and the last error); failed for good (with
 * the reason, and a "Retry now"); queued (not tried yet); or not sent because the transport cannot send
 * that kind (EmailJS without a template for it).
 */
export type DeliveryState = "sent" | "skipped" | "waiting" | "failed" | "queued";

export type DeliveryFacts = {
  sentAt: Date | string | null;
  failedAt: Date | string | null;
  attempts: number;
  lastError: string | null;
};

export function deliveryState(message: DeliveryFacts): DeliveryState {
  if (message.sentAt) return message.lastError ? "skipped" : "sent";
  if (message.failedAt) return "failed";
  return message.attempts > 0 ? "waiting" : "queued";
}

export const DELIVERY_LABELS: Record<DeliveryState, string> = {
  sent: "Sent",
  skipped: "Not sent",
  waiting: "Waiting to retry",
  failed: "Failed to send",
  queued: "Queued",
};

/** An enquiry's own e-mails (notification and acknowledgement) summed up: the worst state wins. */
export type EnquiryDeliveryState = "sent" | "waiting" | "failed" | "queued";
const ORDER: EnquiryDeliveryState[] = ["failed", "waiting", "queued", "sent"];

export function summariseDelivery(states: DeliveryState[]): EnquiryDeliveryState {
  const normalised = states.map((state): EnquiryDeliveryState => (state === "skipped" ? "sent" : state));
  return ORDER.find((state) => normalised.includes(state)) ?? "sent";
}

export const ENQUIRY_DELIVERY_LABELS: Record<EnquiryDeliveryState, string> = {
  sent: "E-mails sent",
  waiting: "Waiting to retry",
  failed: "Failed to send",
  queued: "E-mails queued",
};

export const MAIL_KIND_LABELS: Record<string, string> = {
  "staff-notification": "Notification to the team",
  "visitor-acknowledgement": "Acknowledgement to the visitor",
  "enquiry-reply": "Reply",
};
