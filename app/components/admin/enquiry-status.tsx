import { DELIVERY_LABELS, ENQUIRY_DELIVERY_LABELS, type DeliveryState, type EnquiryDeliveryState } from "#app/domain/enquiry-delivery";
import { PIPELINE_STATUS_LABELS, type PipelineStatus } from "#app/domain/enquiry-pipeline-status";

const PIPELINE_STYLES: Record<PipelineStatus, string> = {
  new: "border-gold-500/60 bg-gold-200/40 text-gold-700",
  contacted: "border-forest-600/40 text-forest-700",
  qualified: "border-forest-700/60 bg-forest-900/5 text-forest-900",
  won: "border-forest-700 bg-forest-800 text-ivory",
  lost: "border-stone/40 text-stone",
  spam: "border-red-700/30 text-red-800",
};

const BADGE = "inline-block border px-2 py-0.5 text-[0.68rem] tracking-[0.12em] whitespace-nowrap uppercase";

/** Where a lead stands: New, Contacted, Qualified, Won, Lost or Spam. */
export function PipelineBadge({ status }: { status: PipelineStatus }) {
  return <span className={`${BADGE} ${PIPELINE_STYLES[status]}`}>{PIPELINE_STATUS_LABELS[status]}</span>;
}

const DELIVERY_STYLES: Record<DeliveryState | EnquiryDeliveryState, string> = {
  sent: "border-forest-600/30 text-forest-700",
  skipped: "border-stone/40 text-stone",
  queued: "border-stone/40 text-stone",
  waiting: "border-gold-500/60 text-gold-700",
  failed: "border-red-700/50 bg-red-50 text-red-800",
};

/** An enquiry's e-mails summed up (sent, queued, waiting to retry, failed to send). */
export function EnquiryDeliveryBadge({ state }: { state: EnquiryDeliveryState }) {
  return <span className={`${BADGE} ${DELIVERY_STYLES[state]}`}>{ENQUIRY_DELIVERY_LABELS[state]}</span>;
}

/** One e-mail's delivery state. */
export function DeliveryBadge({ state }: { state: DeliveryState }) {
  return <span className={`${BADGE} ${DELIVERY_STYLES[state]}`}>{DELIVERY_LABELS[state]}</span>;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** Dates in the admin: fixed locale and UTC so the server and the browser render the same text. */
export function formatAdminDate(value: Date | string) {
  return `${dateFormat.format(new Date(value))} UTC`;
}
