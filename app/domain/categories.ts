import type { CategoryId } from "./category-ids";
import type { EnquiryIntent } from "./enquiry-intents";
import type { SortValue } from "./listing-rules";

/**
 * How a listing of the category is typed in its JSON-LD (docs/decisions/0025): a schema.org class, and what
 * narrows it where schema.org has no class of its own: a Product Types Ontology page, or the accommodation class
 * named by the listing's Property Type.
 */
export type CategorySchemaType =
  { type: "Car" } | { type: "Vehicle"; productOntology: string } | { type: "Product"; accommodationFromPropertyType?: true };

export type Category = {
  id: CategoryId;
  /** Menu and card label (the same as in domain/category-names.ts, which the shell imports instead of this table). */
  name: string;
  /** Singular noun, for labels such as "Car" in alt texts. */
  singular: string;
  title: string;
  subtitle: string;
  /** The image content block holding the hero picture (staff replace it in the Content Manager). */
  heroKey: `category-hero-${CategoryId}`;
  /** Heading above the specifications list on the detail page. */
  detailHeading: string;
  /** Plain message for an unknown or hidden listing. */
  notFound: string;
  /** Interest recorded with an enquiry sent from this category. */
  interest: string;
  /** How the Contact page's "Area of interest" names it. */
  interestLabel: string;
  filters: { location: true; bedrooms: boolean; propertyType: boolean; year: boolean };
  /** The orders the sort menu offers, the first being the default (docs/decisions/0026: metals have no year, so no Newest). */
  sorts: readonly SortValue[];
  /**
   * Where the price filter's ranges meet, in US dollars, ascending: "under the first", "from one to the next",
   * "the last and above" (domain/listing-rules.ts makes the ranges).
   */
  priceBounds: readonly number[];
  schemaType: CategorySchemaType;
  /** The part of a comma-separated location the Location filter offers: the last (country or region), or the first. */
  locationPart: "first" | "last";
  /** The year the year filter and the Newest sort read: the listing's own year, or a specification's value. */
  yearFrom: "year" | { specification: string };
  /** Whether a listing without such a year still passes the year filter (spec point 5: real estate). */
  undatedPassYearFilter: boolean;
  /** Whether listings carry a model or build year of their own (spec point 3: cars, yachts and jets). */
  hasYear: boolean;
  /**
   * The category's usual specification labels, in the order the details list shows them (spec point 3). A new
   * listing's editor starts with them (staff may add any others), except "Year" where the category has a year of
   * its own: staff enter that once, in the Year field, and "Year" here only says where the list shows it
   * (domain/listing-year.ts).
   */
  specificationLabels: readonly string[];
  /** The next steps the detail page's enquiry form offers, the first one preselected (domain/enquiry-intents.ts). */
  enquiryIntents: readonly EnquiryIntent[];
};

/** Every order of the sort menu (spec point 4 plus the price orders). */
const ALL_SORTS = ["featured", "newest", "price-desc", "price-asc"] as const satisfies readonly SortValue[];

export const CATEGORIES: Record<CategoryId, Category> = {
  "real-estate": {
    id: "real-estate",
    name: "Real Estate",
    singular: "Property",
    title: "Luxury Real Estate",
    subtitle: "Explore exclusive properties and premium real estate listings worldwide",
    heroKey: "category-hero-real-estate",
    detailHeading: "Property Details",
    notFound: "Property not found",
    interest: "Real Estate",
    filters: { location: true, bedrooms: true, propertyType: true, year: true },
    sorts: ALL_SORTS,
    priceBounds: [1_000_000, 5_000_000, 20_000_000],
    schemaType: { type: "Product", accommodationFromPropertyType: true },
    interestLabel: "Real Estate",
    locationPart: "last",
    yearFrom: { specification: "Year Built" },
    undatedPassYearFilter: true,
    hasYear: false,
    specificationLabels: ["Living Area", "Lot Size", "Bedrooms", "Bathrooms", "Property Type", "Year Built", "Floors"],
    enquiryIntents: ["information", "viewing", "documents", "offer"],
  },
  cars: {
    id: "cars",
    name: "Cars",
    singular: "Car",
    title: "Luxury Cars",
    subtitle: "Discover the finest collection of luxury and exotic cars from around the world",
    heroKey: "category-hero-cars",
    detailHeading: "Vehicle Details",
    notFound: "Car not found",
    interest: "Cars",
    filters: { location: true, bedrooms: false, propertyType: false, year: true },
    sorts: ALL_SORTS,
    priceBounds: [250_000, 1_000_000, 5_000_000],
    schemaType: { type: "Car" },
    interestLabel: "Cars",
    locationPart: "last",
    yearFrom: "year",
    undatedPassYearFilter: false,
    hasYear: true,
    specificationLabels: [
      "Year",
      "Mileage",
      "Location",
      "Engine",
      "Power",
      "Transmission",
      "Drive Train",
      "Fuel Type",
      "Condition",
      "VIN",
      "Exterior Color",
      "Interior Color",
      "Reference",
    ],
    enquiryIntents: ["information", "viewing", "test-drive", "documents", "offer"],
  },
  metals: {
    id: "metals",
    name: "Metals",
    singular: "Investment",
    title: "Precious Metals",
    subtitle:
      "Invest in premium precious metals including gold, silver, platinum, copper, and rare metal commodities with guaranteed authenticity and secure storage",
    heroKey: "category-hero-metals",
    detailHeading: "Investment Details",
    notFound: "Investment not found",
    interest: "Metals",
    filters: { location: true, bedrooms: false, propertyType: false, year: false },
    sorts: ["featured", "price-desc", "price-asc"],
    priceBounds: [100_000, 1_000_000, 10_000_000],
    schemaType: { type: "Product" },
    interestLabel: "Metals",
    locationPart: "first",
    yearFrom: "year",
    undatedPassYearFilter: false,
    hasYear: false,
    specificationLabels: ["Type", "Location", "Payment", "Purity", "Supply"],
    enquiryIntents: ["information", "documents", "offer"],
  },
  yachts: {
    id: "yachts",
    name: "Yachts",
    singular: "Yacht",
    title: "Luxury Yachts",
    subtitle: "Explore exclusive yachts, superyachts, and exotic vessels for sale worldwide",
    heroKey: "category-hero-yachts",
    detailHeading: "Yacht Details",
    notFound: "Yacht not found",
    interest: "Yachts",
    filters: { location: true, bedrooms: false, propertyType: false, year: true },
    sorts: ALL_SORTS,
    priceBounds: [5_000_000, 20_000_000, 100_000_000],
    schemaType: { type: "Vehicle", productOntology: "Yacht" },
    interestLabel: "Yachts",
    locationPart: "last",
    yearFrom: "year",
    undatedPassYearFilter: false,
    hasYear: true,
    specificationLabels: [
      "Length",
      "Beam",
      "Draft",
      "Gross Tonnage",
      "Year",
      "Builder",
      "Speeds",
      "Range",
      "Classification",
      "Hull",
      "Guests",
      "Staterooms",
      "Flag",
      "Condition",
      "Category",
      "Engine Power",
      "Engine Hours",
      "Reference",
    ],
    enquiryIntents: ["information", "viewing", "sea-trial", "documents", "offer"],
  },
  jets: {
    id: "jets",
    name: "Jets",
    singular: "Aircraft",
    title: "Luxury Jets",
    subtitle: "Discover the world's most exclusive private jets and aircraft for digital currency",
    heroKey: "category-hero-jets",
    detailHeading: "Aircraft Details",
    notFound: "Aircraft not found",
    interest: "Jets",
    filters: { location: true, bedrooms: false, propertyType: false, year: true },
    sorts: ALL_SORTS,
    priceBounds: [10_000_000, 30_000_000, 60_000_000],
    schemaType: { type: "Vehicle", productOntology: "Business_jet" },
    interestLabel: "Private Jets",
    locationPart: "last",
    yearFrom: "year",
    undatedPassYearFilter: false,
    hasYear: true,
    specificationLabels: [
      "Year",
      "Location",
      "TTAF",
      "Serial Number",
      "Registration",
      "Range",
      "Max Speed",
      "Max Takeoff Weight",
      "Engine details",
      "Configuration",
      "Crew",
    ],
    enquiryIntents: ["information", "viewing", "demonstration-flight", "documents", "offer"],
  },
};

// Marked pure so a bundle that imports this module but uses none of it (the category page: its loader gives it the
// category) can leave the table out: the bundler keeps a module whose top level calls a function it cannot see into.
export const CATEGORY_LIST: Category[] = /* @__PURE__ */ Object.values(CATEGORIES);
