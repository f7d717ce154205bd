import type { CategoryId } from "./category-ids";
import type { PhotoView } from "./listing-photos";
import type { Price } from "./listing-price";
import type { ListingStatus } from "./listing-status";

/** The listings manager (/edit/listings): its URL state and what each row shows. */
export const ADMIN_LISTINGS_PAGE_SIZE = 25;

export type AdminListingSort = "updated" | "title" | "views" | "featured";

export const ADMIN_LISTING_SORTS: { value: AdminListingSort; label: string }[] = [
  { value: "updated", label: "Last update" },
  { value: "title", label: "Title (A–Z)" },
  { value: "views", label: "Most viewed (30 days)" },
  { value: "featured", label: "Featured order" },
];

export type AdminListingQuery = {
  q: string;
  category: CategoryId | "";
  /** A status, "hidden" (staff hid it), or any. */
  status: ListingStatus | "hidden" | "";
  sort: AdminListingSort;
  page: number;
};

export type ListingStatsView = { views7: number; views30: number; enquiries7: number; enquiries30: number; trend: number[] };

export type AdminListingRow = {
  id: string;
  slug: string;
  title: string;
  category: CategoryId;
  status: ListingStatus;
  visible: boolean;
  price: Price;
  cover: PhotoView | undefined;
  photoCount: number;
  version: number;
  isSample: boolean;
  updatedAt: string;
  stats: ListingStatsView;
};

export function adminListingSearchParams(query: Partial<AdminListingQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.status) params.set("status", query.status);
  if (query.sort && query.sort !== "updated") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}
