import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { DatabaseHandle } from "#app/db/client.server";
import { listings } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { TEST_DATABASE_KINDS, openTestDatabase } from "../../tests/setup/test-db";
import { toListingRow } from "./listing-row";
import { findSimilarListings } from "./listings-similar.server";
import { listedSql } from "./listings-visibility.server";
import { usdPrice } from "./listings.server";

const price = (amount: string | null, currency: "USD" | "EUR" | null = "USD") => ({ priceAmount: amount, priceCurrency: amount ? currency : null });

for (const kind of TEST_DATABASE_KINDS) {
  describe(`similar listings on ${kind}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seedCatalogue(handle.db);
      // Cars: McLaren 2025 USD 300,000; Lamborghini 2012 EUR 280,000 (about USD 325,000 at the reference rate);
      // Ferrari 1990 USD 2,900,000; Bugatti 2019 USD 3,100,000.
      await handle.db.update(listings).set(price("300000")).where(eq(listings.id, "mclaren-artura-2025"));
      await handle.db.update(listings).set(price("280000", "EUR")).where(eq(listings.id, "lamborghini-aventador-2012"));
      await handle.db.update(listings).set(price("2900000")).where(eq(listings.id, "ferrari-f40-1990"));
      await handle.db.update(listings).set(price("3100000")).where(eq(listings.id, "bugatti-chiron-2019"));
    });
    afterAll(async () => handle?.close());

    it("same category, closest in price first (through the rates), then year; never the listing itself", async () => {
      const similar = await findSimilarListings(handle.db, { id: "bugatti-chiron-2019", category: "cars" });
      expect(similar.map((item) => item.id)).toEqual(["ferrari-f40-1990", "lamborghini-aventador-2012", "mclaren-artura-2025"]);
      const forMcLaren = await findSimilarListings(handle.db, { id: "mclaren-artura-2025", category: "cars" });
      expect(forMcLaren[0]?.id).toBe("lamborghini-aventador-2012");
      expect(forMcLaren.every((item) => item.category === "cars" && item.id !== "mclaren-artura-2025")).toBe(true);
    });

    it("a listing on request is matched on year; sold and hidden listings are not offered", async () => {
      await handle.db.update(listings).set(price(null)).where(eq(listings.id, "ferrari-f40-1990"));
      await handle.db.update(listings).set({ status: "sold" }).where(eq(listings.id, "bugatti-chiron-2019"));
      const similar = await findSimilarListings(handle.db, { id: "ferrari-f40-1990", category: "cars" });
      // 2012 is nearer 1990 than 2025 is.
      expect(similar.map((item) => item.id)).toEqual(["lamborghini-aventador-2012", "mclaren-artura-2025"]);
    });
  });
}

/** The measure over the whole category, as the query was before it used the indexes: the reference the candidates must match. */
async function rankEverything(handle: DatabaseHandle, id: string, category: "yachts", count = 3) {
  const [target] = await handle.db
    .select({ usd: sql<string | null>`${usdPrice}`, year: listings.sortYear })
    .from(listings)
    .where(eq(listings.id, id));
  const priceDistance = target!.usd === null ? sql`2` : sql`coalesce(abs(ln(${usdPrice} / ${target!.usd}::numeric)), 2)`;
  const yearDistance = target!.year === null ? sql`0.5` : sql`coalesce(abs(${listings.sortYear} - ${target!.year}) / 50.0, 0.5)`;
  const rows = await handle.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.category, category), listedSql(), ne(listings.id, id)))
    .orderBy(sql`${priceDistance} + ${yearDistance}`, asc(listings.position), asc(listings.id))
    .limit(count);
  return rows.map((row) => row.id);
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`similar listings in a large category on ${kind}`, () => {
    let handle: DatabaseHandle;
    const CURRENCIES = ["USD", "EUR", "GBP", "AED", "INR"] as const;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      // 600 yachts with prices in every currency (some on request), years (some unknown), a few sold or hidden:
      // a fixed pseudo-random sequence, so the test is the same on every run.
      let seed = 7;
      const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      const rows = Array.from({ length: 600 }, (_, index) => {
        const currency = CURRENCIES[index % CURRENCIES.length]!;
        const onRequest = next() < 0.1;
        const row = toListingRow(
          {
            id: `bulk-yacht-${index}`,
            category: "yachts",
            title: `Bulk Yacht ${index}`,
            location: "Antibes, France",
            year: next() < 0.15 ? undefined : 1980 + Math.floor(next() * 46),
            specs: [],
            images: [],
            description: "",
            specifications: [],
            features: [],
          },
          index * 10,
        );
        return {
          ...row,
          priceAmount: onRequest ? null : String(Math.round(200_000 + next() ** 3 * 150_000_000)),
          priceCurrency: onRequest ? null : currency,
          status: next() < 0.05 ? ("sold" as const) : ("published" as const),
          visible: next() > 0.03,
        };
      });
      await handle.db.insert(listings).values(rows);
    });
    afterAll(async () => handle?.close());

    it("finds exactly what ranking the whole category finds, for listings priced in every currency, on request and undated", async () => {
      const targets = Array.from({ length: 40 }, (_, index) => `bulk-yacht-${index * 15}`);
      for (const id of targets) {
        const found = (await findSimilarListings(handle.db, { id, category: "yachts" })).map((item) => item.id);
        expect(found, id).toEqual(await rankEverything(handle, id, "yachts"));
      }
    });
  });
}
