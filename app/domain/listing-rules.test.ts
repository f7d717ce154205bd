import { describe, expect, it } from "vitest";
import { CATEGORIES } from "./categories";
import { parseListingQuery } from "./listing-query";
import { bedroomsOf, comparePrices, locationKeyOf, matchesFilters, priceRangesOf, sortYearOf, type FilterableListing } from "./listing-rules";

const villa: FilterableListing = {
  category: "real-estate",
  title: "Luxury 5 Bedroom Villa in Nad Al Sheba",
  location: "Nad Al Sheba, Dubai, United Arab Emirates",
  specs: ["5 Bedrooms", "6 Bathrooms", "6,000 sqft"],
  specifications: [
    { label: "Bedrooms", value: "5" },
    { label: "Property Type", value: "Villa" },
    { label: "Year Built", value: "2019" },
  ],
};
const noLabels: FilterableListing = { category: "real-estate", title: "Plot", location: "Marbella, Spain", specs: [], specifications: [] };
const eightBed: FilterableListing = { ...noLabels, title: "Big house", specifications: [{ label: "Bedrooms", value: "8" }] };
const car = (year: number): FilterableListing => ({
  category: "cars",
  title: `${year} Car`,
  location: "Monaco",
  year,
  specs: ["V12"],
  specifications: [],
});

describe("search: case-insensitive substring match on title, location or any highlight", () => {
  it.each([
    ["title", "nad al", true],
    ["title, other case", "VILLA IN", true],
    ["location", "united arab", true],
    ["highlight", "6,000 SQFT", true],
    ["nothing matches", "penthouse", false],
  ])("%s: %s → %s", (_case, q, expected) => {
    expect(matchesFilters(villa, { q })).toBe(expected);
  });
});

describe("location: case-insensitive substring match; options are the last part (metals: the first)", () => {
  it("derives the option from the last comma-separated part, lowercased", () => {
    expect(locationKeyOf("real-estate", "Marbella, Málaga, Spain")).toBe("spain");
    expect(locationKeyOf("metals", "East Africa, Kenya")).toBe("east africa");
  });
  it.each([
    ["united arab emirates", true],
    ["dubai", true],
    ["spain", false],
  ])("location %s → %s", (location, expected) => {
    expect(matchesFilters(villa, { location })).toBe(expected);
  });
});

describe("bedrooms: equals the listing's Bedrooms; listings without the label pass; '8+' compared as 8", () => {
  it.each([
    [villa, "5", true],
    [villa, "4", false],
    [noLabels, "3", true],
    [eightBed, "8+", true],
    [villa, "8+", false],
  ])("%#: %s", (listing, bedrooms, expected) => {
    expect(matchesFilters(listing, { bedrooms })).toBe(expected);
  });
  it("reads the number from the Bedrooms value", () => expect(bedroomsOf(villa.specifications)).toBe(5));
});

describe("property type: exact case-insensitive match; listings without the label pass", () => {
  it.each([
    [villa, "villa", true],
    [villa, "Villa", true],
    [villa, "Penthouse", false],
    [noLabels, "Apartment", true],
  ])("%#: %s", (listing, type, expected) => {
    expect(matchesFilters(listing, { type })).toBe(expected);
  });
});

describe("year: 2024+, 2020-2023, 2015-2019, -2015 (before 2015); real estate without a numeric year passes", () => {
  it.each([
    [2025, "2024+", true],
    [2024, "2024+", true],
    [2023, "2024+", false],
    [2020, "2020-2023", true],
    [2019, "2020-2023", false],
    [2015, "2015-2019", true],
    [2014, "2015-2019", false],
    [2014, "-2015", true],
    [2015, "-2015", false],
  ])("car of %i with %s → %s", (year, bucket, expected) => {
    expect(matchesFilters(car(year), { year: bucket })).toBe(expected);
  });
  it("uses Year Built in real estate", () => {
    expect(sortYearOf("real-estate", undefined, villa.specifications)).toBe(2019);
    expect(matchesFilters(villa, { year: "2015-2019" })).toBe(true);
    expect(matchesFilters(villa, { year: "2024+" })).toBe(false);
  });
  it("lets real estate without a numeric Year Built pass", () => {
    const old = { ...noLabels, specifications: [{ label: "Year Built", value: "18th century" }] };
    expect(sortYearOf("real-estate", undefined, old.specifications)).toBeNull();
    expect(matchesFilters(old, { year: "2024+" })).toBe(true);
  });
  it("ignores the year filter on metals", () => {
    const gold: FilterableListing = { category: "metals", title: "Gold", location: "East Africa", specs: [], specifications: [] };
    expect(matchesFilters(gold, { year: "2024+" })).toBe(true);
  });
});

describe("price ranges: in US dollars, lower bound included, upper excluded; listings on request are in none", () => {
  const usdPer = { EUR: "1.16" };
  const priced = (amount: string, currency: "USD" | "EUR"): FilterableListing => ({ ...villa, price: { amount, currency } });
  it.each([
    [priced("999999.99", "USD"), "0-1m", true],
    [priced("1000000", "USD"), "0-1m", false],
    [priced("1000000", "USD"), "1m-5m", true],
    // EUR 862,069 × 1.16 = USD 1,000,000.04
    [priced("862069", "EUR"), "1m-5m", true],
    [priced("862068", "EUR"), "1m-5m", false],
    [priced("20000000", "USD"), "20m-up", true],
    [{ ...villa, price: null }, "0-1m", false],
  ])("%#: %s", (listing, price, expected) => {
    expect(matchesFilters(listing, { price }, usdPer)).toBe(expected);
  });
  it("a currency without a rate is in no range", () => expect(matchesFilters(priced("100", "EUR"), { price: "0-1m" }, {})).toBe(false));
  it("orders by value, listings on request last in both directions", () => {
    const list = [
      { ...villa, price: null, position: 0 },
      { ...priced("2000000", "USD"), position: 1 },
      { ...priced("1000000", "EUR"), position: 2 },
    ];
    expect([...list].sort(comparePrices("desc", usdPer)).map((item) => item.position)).toEqual([1, 2, 0]);
    expect([...list].sort(comparePrices("asc", usdPer)).map((item) => item.position)).toEqual([2, 1, 0]);
  });
});

describe("price ranges per category, from the category table's bounds", () => {
  it.each([
    ["real-estate", ["Under USD 1M", "USD 1M to 5M", "USD 5M to 20M", "USD 20M and above"], ["0-1m", "1m-5m", "5m-20m", "20m-up"]],
    ["cars", ["Under USD 250K", "USD 250K to 1M", "USD 1M to 5M", "USD 5M and above"], ["0-250k", "250k-1m", "1m-5m", "5m-up"]],
    ["metals", ["Under USD 100K", "USD 100K to 1M", "USD 1M to 10M", "USD 10M and above"], ["0-100k", "100k-1m", "1m-10m", "10m-up"]],
    ["yachts", ["Under USD 5M", "USD 5M to 20M", "USD 20M to 100M", "USD 100M and above"], ["0-5m", "5m-20m", "20m-100m", "100m-up"]],
    ["jets", ["Under USD 10M", "USD 10M to 30M", "USD 30M to 60M", "USD 60M and above"], ["0-10m", "10m-30m", "30m-60m", "60m-up"]],
  ] as const)("%s", (category, labels, values) => {
    const ranges = priceRangesOf(category);
    expect(ranges.map((range) => range.label)).toEqual(labels);
    expect(ranges.map((range) => range.value)).toEqual(values);
    // Each range starts where the one before ends: no gap, no overlap.
    ranges.slice(1).forEach((range, index) => expect(range.min).toBe(ranges[index]!.max));
  });
});

describe("sorts per category (docs/decisions/0026)", () => {
  const sortOf = (category: keyof typeof CATEGORIES, sort: string) => parseListingQuery(new URLSearchParams({ sort }), CATEGORIES[category]).sort;
  it("metals sort by price both ways, but have no Newest (no year)", () => {
    expect(sortOf("metals", "price-asc")).toBe("price-asc");
    expect(sortOf("metals", "price-desc")).toBe("price-desc");
    expect(sortOf("metals", "newest")).toBe("featured");
    expect(CATEGORIES.metals.sorts[0]).toBe("featured");
  });
  it("the other categories offer every order, Featured first", () => {
    for (const category of ["real-estate", "cars", "yachts", "jets"] as const) {
      expect(CATEGORIES[category].sorts).toEqual(["featured", "newest", "price-desc", "price-asc"]);
      expect(sortOf(category, "newest")).toBe("newest");
    }
  });
});
