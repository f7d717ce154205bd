import { Form, Link } from "react-router";
import type { OrderPage } from "#app/domain/listing-order";

const link = "text-forest-900 underline underline-offset-4";

/** Pages of a long list: previous and next, and a plain GET form to jump to any page (no JavaScript needed). */
export function OrderPages({ order }: { order: OrderPage }) {
  const { list, page, pageCount } = order;
  if (pageCount <= 1) return null;
  const href = (target: number) => `?list=${list}&page=${target}`;
  return (
    <nav aria-label="Pages of the list" className="flex flex-wrap items-center justify-between gap-4 border-t border-linen pt-5 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className={link}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <Form method="get" className="flex items-center gap-2 text-stone">
        <input type="hidden" name="list" value={list} />
        <label htmlFor="order-page">Page</label>
        <input
          id="order-page"
          name="page"
          type="number"
          min={1}
          max={pageCount}
          defaultValue={page}
          key={page}
          className="h-9 w-20 border border-linen bg-white px-2 text-sm text-ink tabular-nums focus:border-gold-500 focus:outline-none"
        />
        <span>of {pageCount}</span>
        <button type="submit" className="h-9 border border-forest-900/25 px-3 text-xs text-forest-900 hover:bg-sand">
          Go
        </button>
      </Form>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={link}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
