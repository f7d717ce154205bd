import { BEDROOM_OPTIONS, priceRangeOf, PROPERTY_TYPES, YEAR_BUCKETS, type ListingFilters, type SortValue } from "./listing-rules";
import type { Category } from "./categories";

export const PAGE_SIZE = 24;

/** `sold`: sold listings are left out of category lists unless the visitor asks for them (?sold=1). */
export type ListingQuery = ListingFilters & { sold: boolean; page: number };

const MAX_SEARCH_LENGTH = 100;
/** Far beyond any real catalogue; keeps a hand-typed page number from overflowing the SQL offset. */
const MAX_PAGE = 10_000;

/**
 * Reads the catalogue state from the URL (`?q=&location=&bedrooms=&type=&year=&price=&sort=&sold=&page=`).
 * Values a category does not offer, or that are not among the options, are ignored.
 */
export function parseListingQuery(params: URLSearchParams, category: Category): ListingQuery {
  const pick = (name: string) => params.get(name)?.trim() ?? "";
  const bedrooms = pick("bedrooms");
  const type = pick("type");
  const year = pick("year");
  const price = pick("price");
  const sort = pick("sort");
  const page = Number.parseInt(pick("page"), 10);
  return {
    q: pick("q").slice(0, MAX_SEARCH_LENGTH),
    location: pick("location").toLowerCase().slice(0, MAX_SEARCH_LENGTH),
    bedrooms: category.filters.bedrooms && (BEDROOM_OPTIONS as readonly string[]).includes(bedrooms) ? bedrooms : "",
    type: category.filters.propertyType && PROPERTY_TYPES.some((option) => option.toLowerCase() === type.toLowerCase()) ? type.toLowerCase() : "",
    year: category.filters.year && YEAR_BUCKETS.some((bucket) => bucket.value === year) ? year : "",
    price: priceRangeOf(category.id, price) ? price : "",
    sort: (category.sorts as readonly string[]).includes(sort) ? (sort as SortValue) : "featured",
    sold: pick("sold") === "1",
    page: Number.isFinite(page) && page > 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The URL query for a state; defaults are left out so shared links stay short. */
export function listingSearchParams(query: Partial<ListingQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.location) params.set("location", query.location);
  if (query.bedrooms) params.set("bedrooms", query.bedrooms);
  if (query.type) params.set("type", query.type);
  if (query.year) params.set("year", query.year);
  if (query.price) params.set("price", query.price);
  if (query.sort && query.sort !== "featured") params.set("sort", query.sort);
  if (query.sold) params.set("sold", "1");
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}

export function hasActiveFilters(query: ListingQuery): boolean {
  return Boolean(query.q || query.location || query.bedrooms || query.type || query.year || query.price || query.sold);
}
