import { CATEGORIES } from "./categories";
import type { CategoryId } from "./category-ids";

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
export const SORT_VALUES = ["featured", "newest"] as const;
export type SortValue = (typeof SORT_VALUES)[number];

export type ListingFilters = {
  q: string;
  location: string;
  bedrooms: string;
  type: string;
  year: string;
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
};

/** The rules in plain code: the SQL query in models/listings.server.ts applies exactly these. */
export function matchesFilters(listing: FilterableListing, filters: Partial<ListingFilters>): boolean {
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
  return true;
}
