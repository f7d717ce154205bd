import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { DatabaseHandle } from "#app/db/client.server";
import { listings } from "#app/db/schema";
import { catalogue } from "#app/db/seed/catalogue";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { CATEGORIES } from "#app/domain/categories";
import { CATEGORY_IDS } from "#app/domain/category-ids";
import { PAGE_SIZE, parseListingQuery, type ListingQuery } from "#app/domain/listing-query";
import { BEDROOM_OPTIONS, comparePrices, matchesFilters, priceRangesOf, PROPERTY_TYPES, YEAR_BUCKETS } from "#app/domain/listing-rules";
import { priceFrom, type Price } from "#app/domain/listing-price";
import { readOrderingRates, saveRates } from "#app/models/exchange-rates.server";
import { toListingRow } from "#app/models/listing-row";
import { createListingsCache } from "#app/services/listings-cache.server";
import { TEST_DATABASE_KINDS, openTestDatabase } from "../../tests/setup/test-db";
import { findListings, findPublicListing, locationOptions, visibleListingPaths } from "./listings.server";

const query = (overrides: Partial<ListingQuery> = {}): ListingQuery => ({
  q: "",
  location: "",
  bedrooms: "",
  type: "",
  year: "",
  price: "",
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

    it("price ranges and price orders: SQL agrees with domain/listing-rules, on request last, before and after a rates fetch", async () => {
      // A mix of currencies, amounts on a range's bounds, and listings on request.
      const prices: Price[] = [
        { amount: "1000000", currency: "USD" },
        { amount: "4500000", currency: "EUR" },
        null,
        { amount: "850000000", currency: "INR" },
        { amount: "249999.99", currency: "USD" },
        { amount: "20000000", currency: "AED" },
      ];
      const rows = await handle.db.select().from(listings);
      for (const [index, row] of rows.entries()) {
        const price = prices[index % prices.length] ?? null;
        await handle.db
          .update(listings)
          .set({ priceAmount: price?.amount ?? null, priceCurrency: price?.currency ?? null })
          .where(eq(listings.id, row.id));
      }
      const check = async (label: string) => {
        const usdPer = await readOrderingRates(handle.db);
        const stored = (await handle.db.select().from(listings)).map((row) => ({ ...row, price: priceFrom(row.priceAmount, row.priceCurrency) }));
        for (const category of CATEGORY_IDS) {
          const inCategory = stored.filter((row) => row.category === category).sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
          for (const range of priceRangesOf(category)) {
            const result = await findListings(handle.db, category, query({ price: range.value }));
            const expected = inCategory.filter((listing) => matchesFilters(listing, { price: range.value }, usdPer)).map((listing) => listing.id);
            expect(
              result.items.map((item) => item.id),
              `${label} ${category} ${range.value}`,
            ).toEqual(expected);
          }
          for (const direction of ["asc", "desc"] as const) {
            const result = await findListings(handle.db, category, query({ sort: `price-${direction}` }));
            const expected = [...inCategory].sort(comparePrices(direction, usdPer)).map((listing) => listing.id);
            expect(
              result.items.map((item) => item.id),
              `${label} ${category} price-${direction}`,
            ).toEqual(expected);
            // Listings on request come last, whichever the direction.
            const onRequest = result.items.map((item) => item.price === null);
            expect(onRequest, `${label} ${category}`).toEqual([...onRequest].sort((a, b) => Number(a) - Number(b)));
          }
        }
      };
      await check("reference rates");
      // USD 1,000,000 is the first of "1M to 5M", not in "Under 1M"; 249,999.99 is still under 250K.
      const million = await findListings(handle.db, "real-estate", query({ price: "1m-5m" }));
      expect(million.items.some((item) => item.price?.amount === "1000000.00" && item.price.currency === "USD")).toBe(true);
      const cheapCars = await findListings(handle.db, "cars", query({ price: "0-250k" }));
      expect(cheapCars.items.every((item) => item.price !== null)).toBe(true);
      // A fetch that makes the euro dear reorders the listings priced in euros.
      await saveRates(handle.db, { USD: "1", EUR: "3", GBP: "1.31", AED: "0.272294", INR: "0.0113", BTC: "90000" }, "test", new Date());
      await check("fetched rates");
      const dearest = await findListings(handle.db, "real-estate", query({ sort: "price-desc" }));
      expect(dearest.items[0]?.price?.currency).toBe("EUR");
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

    it("every page of every sort is the next slice of the order the rules give, sold listings only with ?sold=1", async () => {
      // The jets of the test above (33 listed, one hidden), a few now sold and some with prices on request and equal
      // prices, so the order's tie-breaks decide across a page's edge.
      await handle.db
        .update(listings)
        .set({ status: "sold" })
        .where(inArray(listings.id, ["page-test-3", "page-test-17"]));
      const jetRows = await handle.db.select().from(listings).where(eq(listings.category, "jets"));
      for (const [index, row] of jetRows.entries()) {
        const amount = index % 5 === 0 ? null : String(1_000_000 * (1 + (index % 4)));
        await handle.db
          .update(listings)
          .set({ priceAmount: amount, priceCurrency: amount ? (index % 2 ? "USD" : "EUR") : null })
          .where(eq(listings.id, row.id));
      }
      const usdPer = await readOrderingRates(handle.db);
      const stored = (await handle.db.select().from(listings).where(eq(listings.category, "jets"))).map((row) => ({
        ...row,
        price: priceFrom(row.priceAmount, row.priceCurrency),
      }));
      const featured = (a: (typeof stored)[number], b: (typeof stored)[number]) =>
        a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
      const orders = {
        featured,
        newest: (a: (typeof stored)[number], b: (typeof stored)[number]) =>
          (a.sortYear === b.sortYear ? 0 : a.sortYear === null ? 1 : b.sortYear === null ? -1 : b.sortYear - a.sortYear) || featured(a, b),
        "price-desc": (a: (typeof stored)[number], b: (typeof stored)[number]) => comparePrices("desc", usdPer)(a, b) || featured(a, b),
        "price-asc": (a: (typeof stored)[number], b: (typeof stored)[number]) => comparePrices("asc", usdPer)(a, b) || featured(a, b),
      };
      for (const sold of [false, true]) {
        const shown = stored.filter(
          (row) => row.visible && (row.status === "published" || row.status === "under_offer" || (sold && row.status === "sold")),
        );
        for (const sort of CATEGORIES.jets.sorts) {
          const expected = [...shown].sort(orders[sort]).map((row) => row.id);
          const first = await findListings(handle.db, "jets", query({ sort, sold }));
          expect(first.total, `${sort} sold=${sold}`).toBe(expected.length);
          const pages = [first];
          for (let page = 2; page <= first.pageCount; page++) pages.push(await findListings(handle.db, "jets", query({ sort, sold, page })));
          expect(
            pages.flatMap((result) => result.items.map((item) => item.id)),
            `${sort} sold=${sold}`,
          ).toEqual(expected);
        }
      }
    });

    it("keeps a filter's count until the catalogue changes", async () => {
      const counts = createListingsCache();
      const before = await findListings(handle.db, "jets", query({ q: "test jet" }), { counts });
      await handle.db.update(listings).set({ visible: false }).where(eq(listings.id, "page-test-2"));
      expect((await findListings(handle.db, "jets", query({ q: "test jet", page: 2 }), { counts })).total).toBe(before.total);
      // What the change bus does on every process when a listing changes.
      counts.invalidate();
      expect((await findListings(handle.db, "jets", query({ q: "test jet" }), { counts })).total).toBe(before.total - 1);
      await handle.db.update(listings).set({ visible: true }).where(eq(listings.id, "page-test-2"));
      counts.dispose();
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
