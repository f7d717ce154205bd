import type { CategoryId } from "./category-ids";

/** What a listing card shows (made by models/listings.server.ts). */
export type ListingCardData = {
  id: string;
  category: CategoryId;
  title: string;
  /** Display text; null shows "Price On Request". */
  price: string | null;
  location: string;
  year: number | null;
  specs: string[];
  images: string[];
};

/** One option of the Location filter: the lowercased key and the label shown. */
export type LocationOption = { value: string; label: string };
