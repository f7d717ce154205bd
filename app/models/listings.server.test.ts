import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "#app/db/client.server";
import { listings } from "#app/db/schema";
import { catalogue } from "#app/db/seed/catalogue";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { CATEGORIES } from "#app/domain/categories";
import { CATEGORY_IDS } from "#app/domain/category-ids";
import { PAGE_SIZE, parseListingQuery, type ListingQuery } from "#app/domain/listing-query";
import { BEDROOM_OPTIONS, matchesFilters, PROPERTY_TYPES, YEAR_BUCKETS } from "#app/domain/listing-rules";
import { toListingRow } from "#app/models/listing-row";
import { TEST_DATABASE_KINDS, openTestDatabase } from "../../tests/setup/test-db";
import { findListings, findPublicListing, locationOptions, visibleListingPaths } from "./listings.server";

const query = (overrides: Partial<ListingQuery> = {}): ListingQuery => ({
  q: "",
  location: "",
  bedrooms: "",
  type: "",
  year: "",
  sort: "featured",
  sold: false,
  page: 1,
  ...overrides,
});

for (const kind of TEST_DATABASE_KINDS) {
  describe(`listings model on ${kind}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seedCatalogue(handle.db);
    });
    afterAll(async () => handle?.close());

    it("seeds the 20 catalogue listings once (re-seeding keeps existing data)", async () => {
      await handle.db.update(listings).set({ title: "Edited by staff" }).where(eq(listings.id, "premium-gold"));
      const again = await seedCatalogue(handle.db);
      expect(again.inserted).toBe(0);
      const rows = await handle.db.select().from(listings);
      expect(rows).toHaveLength(20);
      expect(rows.find((row) => row.id === "premium-gold")?.title).toBe("Edited by staff");
      const counts = Object.fromEntries(CATEGORY_IDS.map((id) => [id, rows.filter((row) => row.category === id).length]));
      expect(counts).toEqual({ "real-estate": 5, cars: 4, metals: 3, yachts: 4, jets: 4 });
    });

    it("keeps the catalogue order for featured and orders newest by year", async () => {
      const featured = await findListings(handle.db, "cars", query());
      expect(featured.items.map((item) => item.id)).toEqual([
        "mclaren-artura-2025",
        "lamborghini-aventador-2012",
        "ferrari-f40-1990",
        "bugatti-chiron-2019",
      ]);
      const newest = await findListings(handle.db, "cars", query({ sort: "newest" }));
      expect(newest.items.map((item) => item.year)).toEqual([2025, 2019, 2012, 1990]);
    });

    it("applies exactly the rules of domain/listing-rules for every filter combination", async () => {
      for (const category of CATEGORY_IDS) {
        const filters = CATEGORIES[category].filters;
        const seedRows = catalogue.filter((listing) => listing.category === category);
        const locations = (await locationOptions(handle.db, category)).map((option) => option.value);
        const combos: Partial<ListingQuery>[] = [{}, { q: "a" }, { q: "DUBAI" }, { q: "zzz-nothing" }];
        for (const location of locations) combos.push({ location });
        if (filters.bedrooms) for (const bedrooms of BEDROOM_OPTIONS) combos.push({ bedrooms });
        if (filters.propertyType) for (const type of PROPERTY_TYPES) combos.push({ type: type.toLowerCase() });
        if (filters.year) for (const bucket of YEAR_BUCKETS) combos.push({ year: bucket.value }, { year: bucket.value, q: "e" });
        for (const combo of combos) {
          const result = await findListings(handle.db, category, query(combo));
          const expected = seedRows.filter((listing) => matchesFilters(listing, combo)).map((listing) => listing.id);
          expect(
            result.items.map((item) => item.id),
            `${category} ${JSON.stringify(combo)}`,
          ).toEqual(expected);
        }
      }
    });

    it("offers the distinct last location parts, lowercased, and the first part for metals", async () => {
      const realEstate = await locationOptions(handle.db, "real-estate");
      expect(realEstate.map((option) => option.value)).toEqual(["spain", "united arab emirates", "united states"]);
      expect(realEstate.find((option) => option.value === "spain")?.label).toBe("Spain");
      const metals = await locationOptions(handle.db, "metals");
      expect(metals.every((option) => option.value === option.value.toLowerCase())).toBe(true);
    });

    it("treats % and _ in a search literally", async () => {
      const result = await findListings(handle.db, "cars", query({ q: "%" }));
      expect(result.total).toBe(0);
    });

    it("pages beyond 24 results and hides hidden listings everywhere", async () => {
      const extra = Array.from({ length: 30 }, (_, index) =>
        toListingRow(
          {
            id: `page-test-${index}`,
            category: "jets",
            title: `Test Jet ${index}`,
            location: "Geneva, Switzerland",
            year: 2000 + index,
            specs: [],
            images: [],
            description: "",
            specifications: [],
            features: [],
          },
          1000 + index,
        ),
      );
      await handle.db.insert(listings).values(extra);
      await handle.db.update(listings).set({ visible: false }).where(eq(listings.id, "page-test-0"));
      const first = await findListings(handle.db, "jets", query());
      expect(first.total).toBe(4 + 29);
      expect(first.items).toHaveLength(PAGE_SIZE);
      expect(first.pageCount).toBe(2);
      const second = await findListings(handle.db, "jets", query({ page: 2 }));
      expect(second.items).toHaveLength(33 - PAGE_SIZE);
      expect([...first.items, ...second.items].some((item) => item.id === "page-test-0")).toBe(false);
      expect((await findPublicListing(handle.db, "jets", "page-test-0")).kind).toBe("missing");
      expect((await findPublicListing(handle.db, "jets", "page-test-1")).kind).toBe("found");
      expect((await findPublicListing(handle.db, "cars", "page-test-1")).kind).toBe("missing");
      expect((await visibleListingPaths(handle.db)).map((entry) => entry.path)).not.toContain("/jets/page-test-0");
    });

    it("offers no location whose listings are all hidden, and still offers the ones sorted after it", async () => {
      const row = (id: string, location: string) =>
        toListingRow({ id, category: "yachts", title: id, location, specs: [], images: [], description: "", specifications: [], features: [] }, 5000);
      await handle.db.insert(listings).values([row("hidden-andorra", "Andorra la Vella, Andorra"), row("visible-zimbabwe", "Harare, Zimbabwe")]);
      await handle.db.update(listings).set({ visible: false }).where(eq(listings.id, "hidden-andorra"));
      const options = await locationOptions(handle.db, "yachts");
      expect(options.map((option) => option.value)).not.toContain("andorra");
      expect(options.at(-1)).toEqual({ value: "zimbabwe", label: "Zimbabwe" });
      expect(options.map((option) => option.value)).toEqual([...options.map((option) => option.value)].sort());
    });
  });
}

describe("parseListingQuery", () => {
  it("ignores options a category does not offer and unknown values", () => {
    const metals = parseListingQuery(new URLSearchParams("year=2024%2B&sort=newest&bedrooms=3&page=0"), CATEGORIES.metals);
    expect(metals).toMatchObject({ year: "", sort: "featured", bedrooms: "", page: 1 });
    const estate = parseListingQuery(new URLSearchParams("bedrooms=8%2B&type=VILLA&year=-2015&location=Spain&page=3"), CATEGORIES["real-estate"]);
    expect(estate).toMatchObject({ bedrooms: "8+", type: "villa", year: "-2015", location: "spain", page: 3 });
    expect(parseListingQuery(new URLSearchParams("bedrooms=9&type=castle"), CATEGORIES["real-estate"])).toMatchObject({ bedrooms: "", type: "" });
    expect(parseListingQuery(new URLSearchParams("page=99999999999999999999"), CATEGORIES.cars).page).toBe(10_000);
  });
});
