/**
 * Where a lead stands in the sales pipeline: New → Contacted → Qualified → Won / Lost, plus Spam.
 * This is the staff's own judgement; the e-mail delivery state of an enquiry is a separate thing
 * (domain/enquiry-delivery.ts).
 */
export const PIPELINE_STATUSES = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

export const PIPELINE_STATUS_LABELS: Record<PipelineStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

export function isPipelineStatus(value: unknown): value is PipelineStatus {
  return typeof value === "string" && (PIPELINE_STATUSES as readonly string[]).includes(value);
}

/** Leads still being worked: the dashboard's "open" figure and the default focus of the inbox. */
export const OPEN_PIPELINE_STATUSES: readonly PipelineStatus[] = ["new", "contacted", "qualified"];
