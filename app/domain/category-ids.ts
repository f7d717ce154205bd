/** The five catalogue categories, in menu order. The id is also the URL segment. */
export const CATEGORY_IDS = ["real-estate", "cars", "metals", "yachts", "jets"] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export function isCategoryId(value: string): value is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(value);
}
