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
