import type { CategoryId } from "./category-ids";
import type { PublicPhoto } from "./listing-photos";
import type { Price } from "./listing-price";
import type { ListingStatus } from "./listing-status";

/** What a listing card shows (made by models/listings.server.ts). */
export type ListingCardData = {
  id: string;
  slug: string;
  category: CategoryId;
  status: ListingStatus;
  title: string;
  price: Price;
  location: string;
  year: number | null;
  specs: string[];
  photos: PublicPhoto[];
};

/** One option of the Location filter: the lowercased key and the label shown. */
export type LocationOption = { value: string; label: string };

export type Specification = { label: string; value: string };

/** What the detail page shows (made by models/listings.server.ts). */
export type ListingDetailData = ListingCardData & {
  description: string;
  specifications: Specification[];
  features: string[];
  /** YYYY-MM-DD: when staff last confirmed the facts with the seller. */
  lastVerifiedOn: string | null;
};
