import { Link } from "react-router";
import { listingSearchParams, type ListingQuery } from "#app/domain/listing-query";

/** Plain links, so paging works without JavaScript and every page has its own URL. */
export function Pagination({ query, pageCount }: { query: ListingQuery; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (page: number) => `?${listingSearchParams({ ...query, page })}`;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1).filter(
    (page) => page === 1 || page === pageCount || Math.abs(page - query.page) <= 2,
  );
  const linkClass = "flex h-11 min-w-11 items-center justify-center border px-3 text-sm transition-colors";
  return (
    <nav aria-label="Pages" className="mt-16 flex flex-wrap items-center justify-center gap-2">
      {query.page > 1 && (
        <Link to={href(query.page - 1)} rel="prev" className={`${linkClass} border-ink/15 hover:border-forest-700`}>
          Previous
        </Link>
      )}
      {pages.map((page, index) => (
        <span key={page} className="flex items-center gap-2">
          {index > 0 && page - (pages[index - 1] ?? page) > 1 && <span aria-hidden="true">…</span>}
          <Link
            to={href(page)}
            aria-current={page === query.page ? "page" : undefined}
            aria-label={`Page ${page}`}
            className={`${linkClass} ${page === query.page ? "border-forest-900 bg-forest-900 text-ivory" : "border-ink/15 hover:border-forest-700"}`}
          >
            {page}
          </Link>
        </span>
      ))}
      {query.page < pageCount && (
        <Link to={href(query.page + 1)} rel="next" className={`${linkClass} border-ink/15 hover:border-forest-700`}>
          Next
        </Link>
      )}
    </nav>
  );
}
