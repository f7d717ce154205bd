import { describe, expect, it } from "vitest";
import { bedroomsOf, locationKeyOf, matchesFilters, sortYearOf, type FilterableListing } from "./listing-rules";

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
