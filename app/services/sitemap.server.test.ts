import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChangeBus, type ChangeBus } from "#app/db/change-bus.server";
import type { DatabaseHandle } from "#app/db/client.server";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { catalogue } from "#app/db/seed/catalogue";
import { changeListingStatus } from "#app/models/listings-editor.server";
import { visibleListingPaths } from "#app/models/listings.server";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { testEnv } from "../../tests/setup/test-services";
import { createListingsCache } from "./listings-cache.server";
import { sitemapFileXml, sitemapIndexXml } from "./sitemap.server";

for (const kind of TEST_DATABASE_KINDS) {
  describe(`sitemap on ${kind}`, () => {
    let handle: DatabaseHandle;
    let bus: ChangeBus;
    let services: Parameters<typeof sitemapIndexXml>[0];
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seedCatalogue(handle.db);
      bus = await startChangeBus(handle);
      services = { db: handle.db, env: testEnv({ SITE_URL: "https://shop.test" }), listingsCache: createListingsCache(bus) };
    });
    afterAll(async () => {
      await bus?.close();
      await handle?.close();
    });

    it("is an index of the pages file and the listings files, each holding what it promises", async () => {
      const index = await sitemapIndexXml(services);
      expect(index).toContain("<loc>https://shop.test/sitemaps/pages.xml</loc>");
      expect(index).toContain("<loc>https://shop.test/sitemaps/listings-1.xml</loc>");
      expect(index).not.toContain("listings-2.xml");
      const pages = (await sitemapFileXml(services, "pages.xml"))!;
      for (const path of ["/", "/about", "/contact", "/cars", "/jets"]) expect(pages).toContain(`<loc>https://shop.test${path}</loc>`);
      const listingUrls = [...(await sitemapFileXml(services, "listings-1.xml"))!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      expect(listingUrls).toHaveLength(catalogue.length);
      expect(listingUrls).toContain("https://shop.test/cars/bugatti-chiron-2019");
      expect(await sitemapFileXml(services, "listings-2.xml")).toBeUndefined();
    });

    it("pages listings in a stable order: consecutive blocks neither overlap nor miss one", async () => {
      const all = (await visibleListingPaths(handle.db)).map((entry) => entry.path);
      const first = (await visibleListingPaths(handle.db, { offset: 0, limit: 7 })).map((entry) => entry.path);
      const rest = (await visibleListingPaths(handle.db, { offset: 7, limit: 1000 })).map((entry) => entry.path);
      expect([...first, ...rest]).toEqual(all);
    });

    it("drops an archived listing as soon as the change is announced, though the file was cached", async () => {
      const before = (await sitemapFileXml(services, "listings-1.xml"))!;
      expect(before).toContain("/cars/bugatti-chiron-2019");
      await changeListingStatus(handle.db, { id: "u", name: "Eve", email: "eve@example.test" }, "bugatti-chiron-2019", 1, "archived");
      await expect
        .poll(async () => (await sitemapFileXml(services, "listings-1.xml"))!, { timeout: 5_000 })
        .not.toContain("/cars/bugatti-chiron-2019");
    });
  });
}
