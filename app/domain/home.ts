import type { Category } from "./categories";
import { CATEGORY_MENU } from "./category-names";
import type { CategoryId } from "./category-ids";
import type { ImageSource } from "./image-sources";
import type { Price } from "./listing-price";
import type { ListingStatus } from "./listing-status";

/**
 * The home page. Its listing slides and the Trending Now fallback are chosen by staff in the listings manager
 * (models/listings-home.server.ts); what stays in code is the spec's own words and the crypto slide.
 */

/** The carousel's first slide (spec point 2, Home): always there, linking to /about; staff replace its picture. */
export const CRYPTO_SLIDE = {
  title: "World's Luxury for Digital Currency",
  subtitle: "Experience seamless transactions with cryptocurrency",
  path: "/about",
  imageKey: "home-slide-crypto-image",
} as const;

export const CAROUSEL_INTERVAL_MS = 4000;
/** Listing slides after the crypto slide (the spec's carousel has 4 slides: the crypto slide plus 3). */
export const MAX_CAROUSEL_LISTINGS = 6;

/** "Most viewed this week": this many listings, from this many days of views. */
export const TRENDING_COUNT = 3;
export const TRENDING_DAYS = 7;
/**
 * A listing needs this many distinct visitors in the week to count as trending; below it a stray visit
 * would outrank the picks staff chose, so the staff picks fill the remaining places instead.
 */
export const TRENDING_MIN_VIEWS = 3;

/** One slide, or one Trending Now card: a public listing with its cover photo, price and status. */
export type HomeListing = {
  id: string;
  path: string;
  status: ListingStatus;
  price: Price;
  category: CategoryId;
  categoryName: string;
  title: string;
  location: string;
  image: ImageSource | undefined;
};

/**
 * The categories grid: each category's name, page and the content block of its picture (its hero's, named in the
 * category table). Built from the names alone, so the home page's bundle does not carry the whole table.
 */
export const CATEGORY_TILES = CATEGORY_MENU.map((category) => ({
  name: category.name,
  path: `/${category.id}`,
  imageKey: `category-hero-${category.id}` satisfies Category["heroKey"],
  theme: category.id,
}));

export const PARTNERS = [
  { name: "Bentley Motors", logoKey: "partner-bentley-logo" },
  { name: "Rolls-Royce", logoKey: "partner-rolls-royce-logo" },
  { name: "Magnolia Yachts", logoKey: "partner-magnolia-yachts-logo" },
] as const;

export const LEADERS = [
  { name: "Pranes Suriya Kumar", title: "Founder", bioKey: "leader-founder-bio", photoKey: "leader-founder-photo" },
  { name: "Moeri Iwata", title: "Chief Executive Officer", bioKey: "leader-ceo-bio", photoKey: "leader-ceo-photo" },
] as const;
