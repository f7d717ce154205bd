import { CATEGORIES } from "./categories";
import { CATEGORY_IDS, isCategoryId, type CategoryId } from "./category-ids";
import type { PhotoView } from "./listing-photos";
import type { ListingStatus } from "./listing-status";

/** The lists staff arrange by drag and drop: each category's featured order, the home carousel, the staff picks. */
export type OrderListId = CategoryId | "carousel" | "picks";

export const ORDER_LISTS: { id: OrderListId; label: string; hint: string }[] = [
  ...CATEGORY_IDS.map((id) => ({
    id,
    label: CATEGORIES[id].name,
    hint: `The “Featured” order of ${CATEGORIES[id].title}: the default sort of the category page.`,
  })),
  {
    id: "carousel",
    label: "Home carousel",
    hint: "The listing slides after the carousel's first (digital currency) slide. Hidden, sold or unpublished listings are skipped.",
  },
  {
    id: "picks",
    label: "Staff picks",
    hint: "Fill “Trending Now” when fewer than three listings had enough views this week. Hidden, sold or unpublished listings are skipped.",
  },
];

export function isOrderListId(value: string): value is OrderListId {
  return value === "carousel" || value === "picks" || isCategoryId(value);
}

export type OrderItem = {
  id: string;
  title: string;
  category: CategoryId;
  status: ListingStatus;
  visible: boolean;
  cover: PhotoView | undefined;
};

/** A long list is arranged a page at a time: the page is what staff see, and what a save is checked against. */
export const ORDER_PAGE_SIZE = 100;

export type OrderPage = {
  list: OrderListId;
  items: OrderItem[];
  page: number;
  pageCount: number;
  total: number;
  /** The listing just before this page (null on the first): dropping an item at the top of a page puts it after this one. */
  before: string | null;
  /** What the page showed (orderFingerprint): a save from a page that no longer matches the list is refused. */
  fingerprint: string;
};

/** What the order page's action answers a script (a plain form post is redirected back instead). */
export type OrderActionAnswer = { ok: true } | { ok: false; error: string; conflict?: boolean };

/** Where one listing goes: right after another, or first (`after` null). */
export type OrderMove = { id: string; after: string | null };

export const ORDER_CONFLICT_MESSAGE =
  "Not saved: the list changed since this page was loaded (someone else moved, added or removed a listing). It now shows the current order; make your change again.";
export const ORDER_SAVE_FAILED_MESSAGE = "The new order could not be saved. The list shows the order as it is saved; try again.";

/**
 * A short fingerprint of a page of a list: its page number, the listing before it and its listings in order.
 * Computed alike in the browser (after each move it makes) and on the server (cyrb53, a 53-bit string hash:
 * it detects change, it protects nothing).
 */
export function orderFingerprint(page: number, before: string | null, ids: readonly string[]): string {
  const text = `${page}|${before ?? ""}|${ids.join(",")}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The one move that turns a page's order into the order after a drag and drop (an item taken out and put back
 * elsewhere): the moved item and the one it now follows, `before` when it went to the top of the page.
 */
export function moveOf(previous: readonly string[], next: readonly string[], before: string | null): OrderMove | null {
  const first = next.findIndex((id, index) => previous[index] !== id);
  if (first < 0) return null;
  let last = next.length - 1;
  while (last > first && previous[last] === next[last]) last -= 1;
  // Moved up: the item that was at `last` is now at `first`; moved down: the item that was at `first` is now at `last`.
  const index = next[first] === previous[last] ? first : last;
  return { id: next[index]!, after: index === 0 ? before : next[index - 1]! };
}
