import type { ListingStatsView } from "#app/domain/listings-admin";
import { TrendChart } from "./trend-chart";

// Fixed locale and time zone, so the server's HTML and the browser's render agree.
const when = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

const FIELD_NAMES: Record<string, string> = {
  title: "title",
  slug: "web address",
  category: "category",
  location: "location",
  year: "year",
  priceAmount: "price",
  priceCurrency: "currency",
  specs: "highlights",
  description: "description",
  features: "features",
  specifications: "specifications",
  lastVerifiedOn: "last verified",
  status: "status",
  visible: "visibility",
  homeSlidePosition: "home carousel",
  staffPickPosition: "staff pick",
  alt: "alt text",
};

export type HistoryEntry = { at: string; actor: string; action: string; fields: string[] };

/** Views and enquiries over 7 and 30 days with the daily views drawn, and the listing's recent history. */
export function ListingInsights({ stats, history }: { stats: ListingStatsView; history: HistoryEntry[] }) {
  const figures = [
    ["Views, 7 days", stats.views7],
    ["Views, 30 days", stats.views30],
    ["Enquiries, 7 days", stats.enquiries7],
    ["Enquiries, 30 days", stats.enquiries30],
  ] as const;
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="insights-heading" className="border border-linen bg-white/70 p-6 sm:p-8">
        <h2 id="insights-heading" className="font-display text-xl text-forest-900">
          Interest
        </h2>
        <dl className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt className="text-[0.68rem] tracking-[0.14em] text-stone uppercase">{label}</dt>
              <dd className="mt-1 font-display text-2xl text-forest-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <TrendChart
          values={stats.trend}
          label="Daily views over the last 30 days"
          width={480}
          height={64}
          className="mt-6 h-16 w-full text-forest-900"
        />
        <p className="mt-2 text-xs text-stone">Distinct visitors per day over 30 days (gold: the last 7). Bots are not counted; no cookie is used.</p>
      </section>
      <section aria-labelledby="history-heading" className="border border-linen bg-white/70 p-6 sm:p-8">
        <h2 id="history-heading" className="font-display text-xl text-forest-900">
          History
        </h2>
        {history.length === 0 ? (
          <p className="mt-4 text-sm text-stone">No changes recorded yet.</p>
        ) : (
          <ol className="mt-4 space-y-3 text-sm">
            {history.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="border-b border-linen pb-3 last:border-0">
                <p className="text-ink">
                  <span className="font-medium">{entry.actor}</span> {entry.action}
                  {entry.fields.length ? (
                    <span className="text-stone"> · {entry.fields.map((field) => FIELD_NAMES[field] ?? field).join(", ")}</span>
                  ) : null}
                </p>
                <time dateTime={entry.at} className="text-xs text-stone">
                  {when.format(new Date(entry.at))} UTC
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
