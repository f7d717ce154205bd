const STYLES = {
  pending: { label: "Pending", className: "border-gold-500/50 text-gold-700" },
  processed: { label: "Processed", className: "border-forest-600/40 text-forest-700" },
  error: { label: "Failed to send", className: "border-red-700/40 text-red-800" },
} as const;

export function EnquiryStatusBadge({ status }: { status: keyof typeof STYLES }) {
  const style = STYLES[status];
  return <span className={`inline-block border px-2 py-0.5 text-[0.68rem] tracking-[0.12em] uppercase ${style.className}`}>{style.label}</span>;
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
