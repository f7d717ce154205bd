import { STATUS_INFO, visibilityLabel, type ListingStatus } from "#app/domain/listing-status";

const TONES: Record<ListingStatus, string> = {
  draft: "bg-linen text-ink/70",
  published: "bg-forest-700/10 text-forest-800",
  under_offer: "bg-gold-200/70 text-gold-700",
  sold: "bg-forest-900 text-gold-200",
  archived: "bg-ink/5 text-stone line-through decoration-stone/40",
};

/** The status as staff read it in the listings manager and the editor. */
export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  return (
    <span
      className={`inline-flex items-center px-2 py-0.5 text-[0.68rem] font-medium tracking-[0.14em] whitespace-nowrap uppercase ${TONES[status]}`}
    >
      {STATUS_INFO[status].label}
    </span>
  );
}

/** Whether visitors can see it: on the site, hidden by staff, or not public (draft or archived). */
export function VisibilityLabel({ status, visible }: { status: ListingStatus; visible: boolean }) {
  const label = visibilityLabel({ status, visible });
  const dot = label === "On the site" ? "bg-forest-600" : label === "Hidden" ? "bg-red-700" : "bg-stone/50";
  return (
    <span className="inline-flex items-center gap-2 text-sm whitespace-nowrap text-ink/80">
      <span aria-hidden className={`h-1.5 w-1.5 rounded-full ${dot}`} />
      {label}
    </span>
  );
}
