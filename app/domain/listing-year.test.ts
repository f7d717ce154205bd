import { describe, expect, it } from "vitest";
import { carListings } from "#app/db/seed/listings-cars";
import { jetListings } from "#app/db/seed/listings-jets";
import { yachtListings } from "#app/db/seed/listings-yachts";
import { listingFormDefaults } from "./listing-editor";
import { specificationsWithYear, yearForEditor } from "./listing-year";
import type { Specification } from "./listing-views";

const labels = (rows: readonly { label: string }[]) => rows.map((row) => row.label);
const row = (label: string, value = "x"): Specification => ({ label, value });

describe("a car's, yacht's or jet's year in its details list", () => {
  it("shows a seeded listing's year once, where the seed put it", () => {
    for (const listing of [...carListings, ...yachtListings, ...jetListings]) {
      const shown = specificationsWithYear(listing.category, listing.year ?? null, listing.specifications);
      expect(
        shown.filter((spec) => spec.label === "Year"),
        listing.id,
      ).toEqual([{ label: "Year", value: String(listing.year) }]);
      expect(labels(shown), listing.id).toEqual(labels(listing.specifications));
    }
  });

  it("puts the year of a listing saved from the editor (no Year row) where the category lists it", () => {
    expect(labels(specificationsWithYear("cars", 2016, [row("Mileage"), row("Engine")]))).toEqual(["Year", "Mileage", "Engine"]);
    expect(labels(specificationsWithYear("jets", 2016, [row("TTAF"), row("Crew")]))).toEqual(["Year", "TTAF", "Crew"]);
    expect(labels(specificationsWithYear("yachts", 2006, [row("Length"), row("Beam"), row("Refit"), row("Builder")]))).toEqual([
      "Length",
      "Beam",
      "Year",
      "Refit",
      "Builder",
    ]);
    expect(specificationsWithYear("cars", 2016, [])).toEqual([{ label: "Year", value: "2016" }]);
  });

  it("takes the value from the year itself, changes nothing twice, and leaves real estate, metals and undated listings alone", () => {
    const stale = [row("Year", "2018"), row("Mileage"), row("year", "2018")];
    const shown = specificationsWithYear("cars", 2019, stale);
    expect(shown).toEqual([row("Year", "2019"), row("Mileage")]);
    expect(specificationsWithYear("cars", 2019, shown)).toEqual(shown);
    const estate = [row("Year Built", "1925"), row("Bedrooms", "4")];
    expect(specificationsWithYear("real-estate", null, estate)).toEqual(estate);
    expect(specificationsWithYear("metals", null, [row("Purity")])).toEqual([row("Purity")]);
    expect(specificationsWithYear("cars", null, [row("Year", "c. 1965")])).toEqual([row("Year", "c. 1965")]);
  });
});

describe("the year in the listing editor", () => {
  it("opens a seeded car with its year in the Year field and no second Year input among the rows", () => {
    const car = carListings[0]!;
    const defaults = listingFormDefaults(
      {
        ...car,
        slug: car.id,
        year: car.year ?? null,
        price: null,
        status: "published",
        visible: true,
        onCarousel: false,
        staffPick: false,
        lastVerifiedOn: null,
        version: 1,
      },
      car.category,
    );
    expect(defaults.year).toBe(car.year);
    expect(labels(defaults.specifications)).not.toContain("Year");
    expect(labels(listingFormDefaults(null, "cars").specifications)).not.toContain("Year");
    expect(labels(listingFormDefaults(null, "real-estate").specifications)).toContain("Year Built");
  });

  it("takes a stored row's year when the listing has none, and keeps a row that says more than the year", () => {
    expect(yearForEditor("yachts", null, [row("Length"), row("Year", "2006")])).toEqual({ year: 2006, specifications: [row("Length")] });
    const refit = [row("Year", "2006, refit 2019")];
    expect(yearForEditor("yachts", 2006, refit)).toEqual({ year: 2006, specifications: refit });
    expect(yearForEditor("real-estate", null, [row("Year Built", "1925")])).toEqual({ year: null, specifications: [row("Year Built", "1925")] });
  });
});
