import { PUBLIC_BADGES, type ListingStatus } from "#app/domain/listing-status";

/** "Under Offer" or "Sold" over a card's picture or beside the detail page's title; Published listings carry none. */
export function StatusBadge({ status, className = "" }: { status: ListingStatus; className?: string }) {
  const label = PUBLIC_BADGES[status];
  if (!label) return null;
  const tone = status === "sold" ? "bg-forest-950/90 text-gold-200 ring-gold-300/40" : "bg-gold-500/95 text-forest-950 ring-forest-950/10";
  return (
    <span
      data-testid="status-badge"
      className={`inline-flex items-center px-3 py-1 text-[0.68rem] font-medium uppercase tracking-[0.22em] ring-1 backdrop-blur-sm ${tone} ${className}`}
    >
      {label}
    </span>
  );
}
