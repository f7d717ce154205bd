import type { NewListingRow, Specification } from "#app/db/schema";
import type { SeedListing } from "#app/db/seed/types";
import type { CategoryId } from "#app/domain/category-ids";
import type { ListingPhoto } from "#app/domain/listing-photos";
import { bedroomsOf, locationKeyOf, propertyTypeOf, searchTextOf, sortYearOf } from "#app/domain/listing-rules";

/** The facts the filter, search and sort columns are derived from. */
export type FilterFacts = {
  category: CategoryId;
  title: string;
  location: string;
  year?: number | null;
  specs: string[];
  specifications: Specification[];
};

/**
 * The derived, indexed columns the filters and sort read (decision 0003). Every write of a listing's facts goes
 * through here, the editor's as well as the seed's, so the SQL filters always agree with domain/listing-rules.ts.
 */
export function derivedColumns(facts: FilterFacts) {
  return {
    locationKey: locationKeyOf(facts.category, facts.location),
    bedrooms: bedroomsOf(facts.specifications),
    propertyType: propertyTypeOf(facts.specifications),
    sortYear: sortYearOf(facts.category, facts.year, facts.specifications),
    searchText: searchTextOf(facts.title, facts.location, facts.specs),
  };
}

/** Remote picture addresses (the seed's) as photos: ids, empty alt text (pages then describe them by title). */
export function photosFromUrls(urls: readonly string[]): ListingPhoto[] {
  return urls.map((src) => ({ id: crypto.randomUUID(), src, alt: "" }));
}

/** A seeded listing as stored: Published, priced on request, its id doubling as its first slug. */
export function toListingRow(listing: SeedListing, position: number): NewListingRow {
  return {
    id: listing.id,
    slug: listing.id,
    category: listing.category,
    position,
    status: "published",
    visible: true,
    title: listing.title,
    priceAmount: null,
    priceCurrency: null,
    location: listing.location,
    year: listing.year ?? null,
    specs: listing.specs,
    photos: photosFromUrls(listing.images),
    description: listing.description,
    specifications: listing.specifications,
    features: listing.features,
    isSample: listing.isSample ?? false,
    ...derivedColumns(listing),
  };
}
