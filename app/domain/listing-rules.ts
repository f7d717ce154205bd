import { CATEGORIES } from "./categories";
import type { CategoryId } from "./category-ids";
import type { Price } from "./listing-price";
import { usdBound, usdScaledOf, type UsdRates } from "./price-conversion";

/**
 * The catalogue's filter, search and sort rules (spec point 5), written once.
 * The model derives indexed columns with these functions on write, and the SQL query
 * applies the same rules; `matchesFilters` states them in plain code for tests and docs.
 */

export type Specification = { label: string; value: string };

export const YEAR_BUCKETS = [
  { value: "2024+", label: "2024+", min: 2024, max: undefined },
  { value: "2020-2023", label: "2020-2023", min: 2020, max: 2023 },
  { value: "2015-2019", label: "2015-2019", min: 2015, max: 2019 },
  { value: "-2015", label: "Before 2015", min: undefined, max: 2014 },
] as const;
export type YearBucket = (typeof YEAR_BUCKETS)[number];

export const BEDROOM_OPTIONS = ["1", "2", "3", "4", "5", "6", "7", "8+"] as const;
export const PROPERTY_TYPES = ["Villa", "House", "Apartment", "Penthouse"] as const;
export const SORT_VALUES = ["featured", "newest", "price-desc", "price-asc"] as const;
export type SortValue = (typeof SORT_VALUES)[number];
export const SORT_LABELS: Record<SortValue, string> = {
  featured: "Featured",
  newest: "Newest",
  "price-desc": "Price: high to low",
  "price-asc": "Price: low to high",
};
/** The sort button's words (spec: "Sort by: featured" by default). */
export const SORT_BUTTON_LABELS: Record<SortValue, string> = {
  featured: "featured",
  newest: "newest",
  "price-desc": "price, high to low",
  "price-asc": "price, low to high",
};
/** What a price order says about the listings it cannot place. */
export const PRICE_ON_REQUEST_LAST = "Listings with the price on request are shown last.";
export const PRICE_RANGE_EXCLUDES = "Listings with the price on request are not in a price range.";

/**
 * Price ranges per category, in US dollars (listings priced in other currencies are compared through the
 * stored rates, docs/decisions/0024): `min` inclusive, `max` exclusive, so the ranges meet without overlap.
 */
export type PriceRange = { value: string; label: string; min?: number; max?: number };
const M = 1_000_000;
const range = (min: number | undefined, max: number | undefined): PriceRange => {
  const short = (dollars: number) => (dollars >= M ? `${dollars / M}M` : `${dollars / 1000}K`);
  const value = `${min ? short(min).toLowerCase() : "0"}-${max ? short(max).toLowerCase() : "up"}`;
  const label =
    min === undefined ? `Under USD ${short(max!)}` : max === undefined ? `USD ${short(min)} and above` : `USD ${short(min)} to ${short(max)}`;
  return { value, label, min, max };
};
/** The ranges between a category's price bounds (its `priceBounds`, domain/categories.ts). */
export function priceRangesBetween(bounds: readonly number[]): readonly PriceRange[] {
  return [undefined, ...bounds].map((min, index) => range(min, bounds[index]));
}

/**
 * A category's ranges, from the bounds in the category table. Computed when asked, not when the module loads, so a
 * page that only shows the ranges (the filter bar, given the category by its loader) does not bundle the table.
 */
export function priceRangesOf(category: CategoryId): readonly PriceRange[] {
  return priceRangesBetween(CATEGORIES[category].priceBounds);
}

export function priceRangeOf(category: CategoryId, value: string): PriceRange | undefined {
  return priceRangesOf(category).find((option) => option.value === value);
}

export type ListingFilters = {
  q: string;
  location: string;
  bedrooms: string;
  type: string;
  year: string;
  price: string;
  sort: SortValue;
};

export function specificationValue(specifications: Specification[], label: string): string | undefined {
  const wanted = label.toLowerCase();
  return specifications.find((spec) => spec.label.trim().toLowerCase() === wanted)?.value.trim();
}

/** The part of a location the Location filter offers, as written: the last comma-separated part, or the first (category table). */
export function locationLabelOf(category: CategoryId, location: string): string {
  const parts = location
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return (CATEGORIES[category].locationPart === "first" ? parts[0] : parts.at(-1)) ?? "";
}

/** The location filter key: that part, lowercased. */
export function locationKeyOf(category: CategoryId, location: string): string {
  return locationLabelOf(category, location).toLowerCase();
}

/** The listing's Bedrooms value as a number, or null when it has no such label. */
export function bedroomsOf(specifications: Specification[]): number | null {
  const value = specificationValue(specifications, "Bedrooms");
  const match = value?.match(/\d+/);
  return match ? Number(match[0]) : null;
}

export function propertyTypeOf(specifications: Specification[]): string | null {
  return specificationValue(specifications, "Property Type")?.toLowerCase() ?? null;
}

/** The year used by the year filter and the newest sort: the year, or a specification's four-digit value (real estate: Year Built). */
export function sortYearOf(category: CategoryId, year: number | null | undefined, specifications: Specification[]): number | null {
  const source = CATEGORIES[category].yearFrom;
  if (source === "year") return year ?? null;
  const value = specificationValue(specifications, source.specification);
  return value && /^\d{4}$/.test(value) ? Number(value) : null;
}

/** Lowercased text that search matches against: title, location and every highlight. */
export function searchTextOf(title: string, location: string, specs: string[]): string {
  return [title, location, ...specs].join("\n").toLowerCase();
}

export function yearBucketOf(value: string): YearBucket | undefined {
  return YEAR_BUCKETS.find((bucket) => bucket.value === value);
}

/** '8+' is compared as 8 (spec point 5). */
export function bedroomsFilterValue(value: string): number | undefined {
  if (!value) return undefined;
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) ? number : undefined;
}

export type FilterableListing = {
  category: CategoryId;
  title: string;
  location: string;
  year?: number | null;
  specs: string[];
  specifications: Specification[];
  price?: Price;
};

/** The rules in plain code: the SQL query in models/listings.server.ts applies exactly these. */
export function matchesFilters(listing: FilterableListing, filters: Partial<ListingFilters>, usdPer: UsdRates = {}): boolean {
  const q = filters.q?.trim().toLowerCase();
  if (q && !searchTextOf(listing.title, listing.location, listing.specs).includes(q)) return false;

  if (filters.location && !listing.location.toLowerCase().includes(filters.location.toLowerCase())) return false;

  const wantedBedrooms = bedroomsFilterValue(filters.bedrooms ?? "");
  const bedrooms = bedroomsOf(listing.specifications);
  if (wantedBedrooms !== undefined && bedrooms !== null && bedrooms !== wantedBedrooms) return false;

  const type = propertyTypeOf(listing.specifications);
  if (filters.type && type !== null && type !== filters.type.toLowerCase()) return false;

  const bucket = yearBucketOf(filters.year ?? "");
  const category = CATEGORIES[listing.category];
  if (bucket && category.filters.year) {
    const year = sortYearOf(listing.category, listing.year, listing.specifications);
    if (year === null) {
      if (!category.undatedPassYearFilter) return false;
    } else if ((bucket.min !== undefined && year < bucket.min) || (bucket.max !== undefined && year > bucket.max)) {
      return false;
    }
  }

  const priceRange = priceRangeOf(listing.category, filters.price ?? "");
  if (priceRange) {
    const usd = usdScaledOf(listing.price ?? null, usdPer);
    if (usd === null) return false;
    if (priceRange.min !== undefined && usd < usdBound(priceRange.min)) return false;
    if (priceRange.max !== undefined && usd >= usdBound(priceRange.max)) return false;
  }
  return true;
}

/**
 * The price orders in plain code: by the US-dollar value, listings without one (on request, or no rate) last,
 * then the featured order. `position` is the featured order.
 */
export function comparePrices(direction: "asc" | "desc", usdPer: UsdRates) {
  return (a: FilterableListing & { position: number }, b: FilterableListing & { position: number }): number => {
    const x = usdScaledOf(a.price ?? null, usdPer);
    const y = usdScaledOf(b.price ?? null, usdPer);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * (direction === "asc" ? 1 : -1);
    }
    return a.position - b.position;
  };
}
