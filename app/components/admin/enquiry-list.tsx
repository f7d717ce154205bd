import { Link } from "react-router";
import type { EnquirySummary } from "#app/domain/enquiry-views";
import { fullName } from "#app/domain/enquiry-views";
import { EnquiryDeliveryBadge, formatAdminDate, PipelineBadge } from "./enquiry-status";
import { enquirySourceLabel } from "#app/domain/shortlist";
import { countOf } from "#app/domain/plural";

/**
 * Enquiries as rows: unread ones in gold; each shows its source, interest, status, assignee, e-mail state and date.
 * Addresses are shown as staff read them (displayEmail, domain in Unicode), never converted here, so the server's HTML and
 * the hydrated page agree.
 */
export function EnquiryList({ items, linkSearch = "" }: { items: EnquirySummary[]; linkSearch?: string }) {
  return (
    <ul className="divide-y divide-linen border border-linen bg-white/70">
      {items.map((item) => (
        <li
          key={item.id}
          className="relative flex flex-col gap-2 px-4 py-4 transition-colors duration-200 hover:bg-sand/60 sm:flex-row sm:gap-5 sm:px-6 sm:py-5"
        >
          <span aria-hidden className={`mt-2 hidden h-2 w-2 shrink-0 rounded-full sm:block ${item.openedAt ? "bg-transparent" : "bg-gold-500"}`} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <Link
                to={`/edit/enquiries/${item.id}${linkSearch}`}
                className={`text-forest-900 after:absolute after:inset-0 hover:underline ${item.openedAt ? "" : "font-semibold"}`}
              >
                {fullName(item) || item.displayEmail}
                {item.openedAt ? null : <span className="sr-only"> (unopened)</span>}
              </Link>
              <span className="min-w-0 truncate text-sm text-stone">{item.displayEmail}</span>
            </div>
            <p className="mt-1 truncate text-sm text-ink/75">{item.excerpt}</p>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-stone">
              <span className="font-medium text-ink/80">{item.reference}</span>
              <span>{item.interest}</span>
              <span>{enquirySourceLabel(item.listingPath, item.listingTitle)}</span>
              <span>{item.assigneeName ? `Assigned to ${item.assigneeName}` : "Unassigned"}</span>
              {item.otherFromAddress > 0 ? (
                <span className="text-forest-700">{countOf(item.otherFromAddress, "other enquiry", "other enquiries")} from this address</span>
              ) : null}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-2 text-xs text-stone sm:flex-col sm:items-end">
            <PipelineBadge status={item.pipelineStatus} />
            <EnquiryDeliveryBadge state={item.delivery} />
            <time dateTime={new Date(item.createdAt).toISOString()}>{formatAdminDate(item.createdAt)}</time>
          </div>
        </li>
      ))}
    </ul>
  );
}
