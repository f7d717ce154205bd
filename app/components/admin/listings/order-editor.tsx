import { ChevronDown, ChevronUp, X } from "lucide-react";
import { Form, Link, useFetcher } from "react-router";
import { SortableList } from "#app/components/admin/sortable-list";
import { SmartImage } from "#app/components/media/smart-image";
import { CATEGORIES } from "#app/domain/categories";
import type { OrderItem, OrderListId } from "#app/domain/listing-order";
import { ListingStatusBadge, VisibilityLabel } from "./listing-status-badge";

type OrderEditorProps = { list: OrderListId; label: string; hint: string; items: OrderItem[]; candidates: OrderItem[] };

const moveButton = "p-1.5 text-stone hover:text-forest-900 disabled:opacity-30";

/**
 * One list to arrange: drag and drop (mouse, touch, keyboard with announcements) saves the new order at once;
 * the up and down buttons do the same one step at a time and work without JavaScript. Home lists also gain
 * and lose members here.
 */
export function OrderEditor({ list, label, hint, items, candidates }: OrderEditorProps) {
  const save = useFetcher({ key: `order-${list}` });
  const home = list === "carousel" || list === "picks";
  return (
    <section aria-labelledby="order-heading" className="space-y-5 border border-linen bg-white/70 p-6 sm:p-8">
      <div>
        <h2 id="order-heading" className="font-display text-2xl text-forest-900">
          {label}
        </h2>
        <p className="mt-1 text-sm text-stone">{hint}</p>
      </div>
      {items.length === 0 ? (
        <p className="border border-dashed border-linen px-6 py-10 text-center text-sm text-stone">Nothing here yet.</p>
      ) : (
        <SortableList
          items={items}
          label={`${label}, in order`}
          nameOf={(item) => item.title}
          onReorder={(next) => void save.submit({ intent: "save", ids: JSON.stringify(next.map((item) => item.id)) }, { method: "post" })}
          className="divide-y divide-linen border border-linen"
          itemClassName="bg-white"
          renderItem={(item, { handle, position, count }) => (
            <div className="flex items-center gap-2 px-1 py-2.5 sm:gap-4 sm:px-2" data-testid="order-item">
              {handle}
              <span className="hidden w-6 text-right text-xs text-stone tabular-nums sm:inline">{position}</span>
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
                <button
                  type="submit"
                  name="direction"
                  value="up"
                  disabled={position === 1}
                  aria-label={`Move ${item.title} up`}
                  className={moveButton}
                >
                  <ChevronUp aria-hidden className="h-4 w-4" />
                </button>
                <button
                  type="submit"
                  name="direction"
                  value="down"
                  disabled={position === count}
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
      {home ? (
        <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-linen pt-5">
          <input type="hidden" name="intent" value="add" />
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-stone sm:max-w-md">
            Add a listing
            <select
              name="id"
              required
              defaultValue=""
              className="h-10 border border-linen bg-white px-3 text-sm text-ink focus:border-gold-500 focus:outline-none"
            >
              <option value="" disabled>
                Choose a listing…
              </option>
              {candidates.map((item) => (
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
      ) : null}
    </section>
  );
}
