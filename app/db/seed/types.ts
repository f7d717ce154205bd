import type { CategoryId } from "#app/domain/category-ids";
import type { Specification } from "#app/db/schema";

/** One listing as written in the seed files. Array order is the catalogue ("featured") order. */
export type SeedListing = {
  id: string;
  category: CategoryId;
  title: string;
  /** Comma-separated; the last part is the country or region (for metals the first part is the filter key). */
  location: string;
  /** Model or build year: cars, yachts and jets only. */
  year?: number;
  /** Up to 3 short highlights shown as chips on the card (the editor allows no more). */
  specs: string[];
  /** Image URLs in order; the first is the main image. */
  images: string[];
  /** 2 to 4 short paragraphs separated by a blank line, in our own words. */
  description: string;
  specifications: Specification[];
  features: string[];
  /** Sample content that staff should complete before launch. */
  isSample?: boolean;
};
