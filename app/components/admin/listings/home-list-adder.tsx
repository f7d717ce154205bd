import { Form } from "react-router";
import { CATEGORIES } from "#app/domain/categories";
import type { OrderItem, OrderPage } from "#app/domain/listing-order";
import { PageCheck } from "./order-page-check";

const fieldClass = "h-10 border border-linen bg-white px-3 text-sm text-ink focus:border-gold-500 focus:outline-none";

/**
 * "Add a listing" to a home list: only listings the site shows now are offered (a draft, archived, hidden or sold
 * one could not appear on the home page). A long catalogue is narrowed by title first, with a plain GET form.
 */
export function HomeListAdder({ order, candidates, find }: { order: OrderPage; candidates: { items: OrderItem[]; more: boolean }; find: string }) {
  const searchable = candidates.more || find !== "";
  return (
    <div className="space-y-4 border-t border-linen pt-5">
      {searchable ? (
        <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Find a listing to add">
          <input type="hidden" name="list" value={order.list} />
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-stone sm:max-w-md">
            Find a listing by title
            <input type="search" name="find" defaultValue={find} maxLength={100} className={fieldClass} />
          </label>
          <button type="submit" className="h-10 border border-forest-900/25 px-4 text-sm text-forest-900 hover:bg-sand">
            Find
          </button>
        </Form>
      ) : null}
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="add" />
        <PageCheck order={order} />
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-stone sm:max-w-md">
          Add a listing
          <select name="id" required defaultValue="" key={find} className={fieldClass}>
            <option value="" disabled>
              {candidates.items.length ? "Choose a listing…" : find ? "No listing on the site matches" : "Every listing on the site is here"}
            </option>
            {candidates.items.map((item) => (
              <option key={item.id} value={item.id}>
                {`${item.title} (${CATEGORIES[item.category].name})`}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-primary !h-10 !py-0">
          Add
        </button>
      </Form>
      {candidates.more ? <p className="text-xs text-stone">The first 100 matches are offered: narrow them by title.</p> : null}
    </div>
  );
}
