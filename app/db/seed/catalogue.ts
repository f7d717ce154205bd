import type { SeedListing } from "#app/db/seed/types";
import { carListings } from "#app/db/seed/listings-cars";
import { jetListings } from "#app/db/seed/listings-jets";
import { metalListings } from "#app/db/seed/listings-metals";
import { realEstateListings } from "#app/db/seed/listings-real-estate";
import { yachtListings } from "#app/db/seed/listings-yachts";

/** The whole catalogue in featured order: real estate, cars, metals, yachts, jets. */
export const catalogue: SeedListing[] = [...realEstateListings, ...carListings, ...metalListings, ...yachtListings, ...jetListings];
