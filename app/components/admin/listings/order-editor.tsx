import { ChevronDown, ChevronUp, X } from "lucide-react";
import { Form, Link } from "react-router";
import { SortableList } from "#app/components/admin/sortable-list";
import { SmartImage } from "#app/components/media/smart-image";
import { CATEGORIES } from "#app/domain/categories";
import { ORDER_PAGE_SIZE, type OrderItem, type OrderPage } from "#app/domain/listing-order";
import { HomeListAdder } from "./home-list-adder";
import { ListingStatusBadge, VisibilityLabel } from "./listing-status-badge";
import { PageCheck } from "./order-page-check";
import { OrderPages } from "./order-pages";
import { useOrderSaving } from "./use-order-saving";

type OrderEditorProps = {
  label: string;
  hint: string;
  order: OrderPage;
  candidates: { items: OrderItem[]; more: boolean };
  find: string;
  /** What a plain form post (no JavaScript) was refused with. */
  failure: string | undefined;
};

const moveButton = "p-1.5 text-stone hover:text-forest-900 disabled:opacity-30";

/**
 * One list to arrange, a page at a time: drag and drop (mouse, touch, keyboard with announcements) saves each
 * move at once; the up and down buttons do the same one step at a time (across pages too) and work without
 * JavaScript. Home lists also gain and lose members here. "Saved" is said only once the server has answered;
 * a refused or failed save says so and shows the order as it is saved.
 */
export function OrderEditor({ label, hint, order, candidates, find, failure }: OrderEditorProps) {
  const { list, items, page, pageCount, total } = order;
  const saving = useOrderSaving(order);
  const home = list === "carousel" || list === "picks";
  const offset = (page - 1) * ORDER_PAGE_SIZE;
  const problem = saving.error ?? failure;
  return (
    <section aria-labelledby="order-heading" className="space-y-5 border border-linen bg-white/70 p-6 sm:p-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="order-heading" className="font-display text-2xl text-forest-900">
            {label}
          </h2>
          <p className="mt-1 text-sm text-stone">{hint}</p>
        </div>
        <div className="flex flex-col items-end gap-1 text-xs">
          <p role="status" className="text-forest-800">
            {saving.status}
          </p>
          {pageCount > 1 ? (
            <p className="text-stone tabular-nums">
              Places {(offset + 1).toLocaleString("en-GB")}–{(offset + items.length).toLocaleString("en-GB")} of {total.toLocaleString("en-GB")}
            </p>
          ) : null}
        </div>
      </div>
      {problem ? (
        <p role="alert" className="border-l-2 border-red-600 bg-red-50 px-4 py-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="border border-dashed border-linen px-6 py-10 text-center text-sm text-stone">Nothing here yet.</p>
      ) : (
        <SortableList
          items={items}
          label={`${label}, in order`}
          nameOf={(item) => item.title}
          onReorder={(next) => saving.reordered(next.map((item) => item.id))}
          announceSaveOnDrop={false}
          className="divide-y divide-linen border border-linen"
          itemClassName="bg-white"
          renderItem={(item, { handle, position, count }) => (
            <div className="flex items-center gap-2 px-1 py-2.5 sm:gap-4 sm:px-2" data-testid="order-item">
              {handle}
              <span className="hidden w-10 text-right text-xs text-stone tabular-nums sm:inline">{offset + position}</span>
              <SmartImage
                src={item.cover}
                alt=""
                width={64}
                height={48}
                sizes="64px"
                widths={[240]}
                theme={item.category}
                className="hidden h-12 w-16 shrink-0 sm:block"
              />
              <div className="min-w-0 flex-1">
                <Link to={`/edit/listings/${item.id}`} className="line-clamp-2 text-sm text-forest-900 hover:underline">
                  {item.title}
                </Link>
                <div className="mt-1 flex flex-wrap items-center gap-3 text-xs text-stone">
                  {home ? <span>{CATEGORIES[item.category].name}</span> : null}
                  <ListingStatusBadge status={item.status} />
                  <span className="hidden sm:inline">
                    <VisibilityLabel status={item.status} visible={item.visible} />
                  </span>
                </div>
              </div>
              <Form method="post" className="flex items-center">
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="id" value={item.id} />
                <PageCheck order={order} />
                <button
                  type="submit"
                  name="direction"
                  value="up"
                  disabled={page === 1 && position === 1}
                  aria-label={`Move ${item.title} up`}
                  className={moveButton}
                >
                  <ChevronUp aria-hidden className="h-4 w-4" />
                </button>
                <button
                  type="submit"
                  name="direction"
                  value="down"
                  disabled={page === pageCount && position === count}
                  aria-label={`Move ${item.title} down`}
                  className={moveButton}
                >
                  <ChevronDown aria-hidden className="h-4 w-4" />
                </button>
              </Form>
              {home ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={item.id} />
                  <PageCheck order={order} />
                  <button
                    type="submit"
                    aria-label={`Remove ${item.title} from the ${label.toLowerCase()}`}
                    className="p-1.5 text-stone hover:text-red-700"
                  >
                    <X aria-hidden className="h-4 w-4" />
                  </button>
                </Form>
              ) : null}
            </div>
          )}
        />
      )}
      <OrderPages order={order} />
      {home ? <HomeListAdder order={order} candidates={candidates} find={find} /> : null}
    </section>
  );
}
