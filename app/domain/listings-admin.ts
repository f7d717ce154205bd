import type { CategoryId } from "./category-ids";
import type { PhotoView } from "./listing-photos";
import type { Price } from "./listing-price";
import type { ListingStatus } from "./listing-status";

/** The listings manager (/edit/listings): its URL state and what each row shows. */
export const ADMIN_LISTINGS_PAGE_SIZE = 25;

export type AdminListingSort = "updated" | "title" | "category" | "price" | "status" | "views" | "featured";
export type SortDirection = "asc" | "desc";

/** Each order, with the direction it starts in (the one a first click on its column header gives). */
export const ADMIN_LISTING_SORTS: { value: AdminListingSort; label: string; direction: SortDirection }[] = [
  { value: "updated", label: "Last update", direction: "desc" },
  { value: "title", label: "Title", direction: "asc" },
  { value: "category", label: "Category", direction: "asc" },
  { value: "price", label: "Price", direction: "desc" },
  { value: "status", label: "Status", direction: "asc" },
  { value: "views", label: "Views (30 days)", direction: "desc" },
  { value: "featured", label: "Featured order", direction: "asc" },
];

export function isAdminListingSort(value: string): value is AdminListingSort {
  return ADMIN_LISTING_SORTS.some((sort) => sort.value === value);
}

export function defaultDirection(sort: AdminListingSort): SortDirection {
  return ADMIN_LISTING_SORTS.find((entry) => entry.value === sort)?.direction ?? "asc";
}

/** How each direction of an order reads, for the direction menu and screen readers ("Price, highest first"). */
export function directionLabel(sort: AdminListingSort, direction: SortDirection): string {
  const words: Partial<Record<AdminListingSort, [string, string]>> = {
    updated: ["oldest first", "newest first"],
    title: ["A to Z", "Z to A"],
    category: ["menu order", "reverse menu order"],
    price: ["lowest first", "highest first"],
    status: ["Draft to Archived", "Archived to Draft"],
    views: ["fewest first", "most first"],
    featured: ["as arranged", "reversed"],
  };
  return words[sort]?.[direction === "asc" ? 0 : 1] ?? direction;
}

export type AdminListingQuery = {
  q: string;
  category: CategoryId | "";
  /** A status, "hidden" (staff hid it), or any. */
  status: ListingStatus | "hidden" | "";
  sort: AdminListingSort;
  direction: SortDirection;
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
  if (query.direction && query.direction !== defaultDirection(query.sort ?? "updated")) params.set("dir", query.direction);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}
