import type { NewListingRow } from "#app/db/schema";
import type { SeedListing } from "#app/db/seed/types";
import { bedroomsOf, locationKeyOf, propertyTypeOf, searchTextOf, sortYearOf } from "#app/domain/listing-rules";

/** A listing as stored: its facts plus the derived, indexed columns the filters and sort read. */
export function toListingRow(listing: SeedListing, position: number): NewListingRow {
  return {
    id: listing.id,
    category: listing.category,
    position,
    title: listing.title,
    price: null,
    location: listing.location,
    year: listing.year ?? null,
    specs: listing.specs,
    images: listing.images,
    description: listing.description,
    specifications: listing.specifications,
    features: listing.features,
    visible: true,
    isSample: listing.isSample ?? false,
    locationKey: locationKeyOf(listing.category, listing.location),
    bedrooms: bedroomsOf(listing.specifications),
    propertyType: propertyTypeOf(listing.specifications),
    sortYear: sortYearOf(listing.category, listing.year, listing.specifications),
    searchText: searchTextOf(listing.title, listing.location, listing.specs),
  };
}
