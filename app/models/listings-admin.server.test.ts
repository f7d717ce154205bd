import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { listings } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { CATEGORY_IDS } from "#app/domain/category-ids";
import { LISTING_STATUSES } from "#app/domain/listing-status";
import { adminListingSearchParams, type AdminListingQuery } from "#app/domain/listings-admin";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { listListingsForAdmin, parseAdminListingQuery } from "./listings-admin.server";

const parse = (search: string) => parseAdminListingQuery(new URLSearchParams(search));

describe("the listings manager's URL", () => {
  it("reads a sort and its direction; each sort starts in its usual direction", () => {
    expect(parse("")).toMatchObject({ sort: "updated", direction: "desc", page: 1 });
    expect(parse("sort=price")).toMatchObject({ sort: "price", direction: "desc" });
    expect(parse("sort=price&dir=asc")).toMatchObject({ sort: "price", direction: "asc" });
    expect(parse("sort=category")).toMatchObject({ sort: "category", direction: "asc" });
    expect(parse("sort=status&dir=sideways")).toMatchObject({ sort: "status", direction: "asc" });
    expect(parse("sort=nonsense")).toMatchObject({ sort: "updated", direction: "desc" });
  });
  it("writes only what differs from the defaults", () => {
    const query: AdminListingQuery = { q: "", category: "", status: "", sort: "price", direction: "desc", page: 1 };
    expect(adminListingSearchParams(query).toString()).toBe("sort=price");
    expect(adminListingSearchParams({ ...query, direction: "asc", page: 3 }).toString()).toBe("sort=price&dir=asc&page=3");
  });
});

for (const kind of TEST_DATABASE_KINDS) {
  describe(`listings manager sorts on ${kind}`, () => {
    let handle: DatabaseHandle;
    const list = async (search: string) => listListingsForAdmin(handle.db, parse(search));
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seedCatalogue(handle.db);
      const set = (id: string, values: Partial<typeof listings.$inferInsert>) => handle.db.update(listings).set(values).where(eq(listings.id, id));
      await set("mclaren-artura-2025", { priceAmount: "300000", priceCurrency: "USD", status: "draft" });
      // EUR 280,000 is about USD 325,000 at the reference rates: dearer than the McLaren.
      await set("lamborghini-aventador-2012", { priceAmount: "280000", priceCurrency: "EUR", status: "sold" });
      await set("ferrari-f40-1990", { priceAmount: "2900000", priceCurrency: "USD", status: "archived" });
      await set("bugatti-chiron-2019", { status: "under_offer" });
    });
    afterAll(async () => handle?.close());

    it("by price both ways, through the rates, listings on request last either way", async () => {
      const desc = (await list("category=cars&sort=price")).items.map((item) => item.id);
      expect(desc).toEqual(["ferrari-f40-1990", "lamborghini-aventador-2012", "mclaren-artura-2025", "bugatti-chiron-2019"]);
      const asc = (await list("category=cars&sort=price&dir=asc")).items.map((item) => item.id);
      expect(asc).toEqual(["mclaren-artura-2025", "lamborghini-aventador-2012", "ferrari-f40-1990", "bugatti-chiron-2019"]);
    });

    it("by category in menu order, and by status in the listing's life (Draft to Archived), both ways", async () => {
      const categories = async (search: string) => [...new Set((await list(search)).items.map((item) => item.category))];
      // The seeded catalogue fits on one page.
      expect(await categories("sort=category")).toEqual([...CATEGORY_IDS]);
      expect(await categories("sort=category&dir=desc")).toEqual([...CATEGORY_IDS].reverse());
      const statuses = (await list("category=cars&sort=status")).items.map((item) => item.status);
      expect(statuses).toEqual([...statuses].sort((a, b) => LISTING_STATUSES.indexOf(a) - LISTING_STATUSES.indexOf(b)));
      expect(statuses[0]).toBe("draft");
      expect((await list("category=cars&sort=status&dir=desc")).items[0]?.status).toBe("archived");
    });

    it("by title both ways", async () => {
      const titles = (await list("category=cars&sort=title")).items.map((item) => item.title);
      expect(titles).toEqual([...titles].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect((await list("category=cars&sort=title&dir=desc")).items.map((item) => item.title)).toEqual([...titles].reverse());
    });

    it("a page past the last holds nothing and knows how many pages there are", async () => {
      const past = await list("page=40");
      expect(past).toMatchObject({ items: [], page: 40, pageCount: 1 });
      expect(past.total).toBeGreaterThan(0);
    });
  });
}
