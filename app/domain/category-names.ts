import { CATEGORY_IDS, type CategoryId } from "./category-ids";

/**
 * Each category's name, as menus, links and cards show it. The shell and most pages need no more of a category, so
 * they import this instead of domain/categories.ts (whose full table would add about 1.5 kB gzip to every page).
 */
export const CATEGORY_NAMES = {
  "real-estate": "Real Estate",
  cars: "Cars",
  metals: "Metals",
  yachts: "Yachts",
  jets: "Jets",
} as const satisfies Record<CategoryId, string>;

/** The categories in menu order, with their names. */
export const CATEGORY_MENU: readonly { id: CategoryId; name: string }[] = CATEGORY_IDS.map((id) => ({ id, name: CATEGORY_NAMES[id] }));
