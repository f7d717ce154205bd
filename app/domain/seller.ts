/** The seller shown on every detail page (spec point 3). Its own module: the detail page need not bundle the category table for it. */
export const SELLER = {
  name: "White Streams",
  experience: "Premier Luxury Marketplace",
  description:
    "The world's luxury marketplace, connecting discerning buyers with exceptional real estate, supercars, precious metals, yachts and private jets.",
  address: "India",
} as const;
