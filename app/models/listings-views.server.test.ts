import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { contactSubmissions, listings, listingViewDays, listingViewVisitors, viewSalts } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { listingFormSchema } from "#app/domain/listing-editor";
import { createViewRecorder, isCountableRequest } from "#app/services/view-recorder.server";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { createListing, updateListing } from "./listings-editor.server";
import { trendingNow } from "./listings-home.server";
import { listingStats } from "./listings-views.server";

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const OTHER_BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const HEADLESS = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36";
const actor = { id: "staff-1", name: "Staff", email: "staff@example.test" };

for (const kind of TEST_DATABASE_KINDS) {
  describe(`listing views on ${kind}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seedCatalogue(handle.db);
    });
    afterAll(async () => handle?.close());

    const viewsOf = async (listingId: string) =>
      (await handle.db.select({ views: listingViewDays.views }).from(listingViewDays).where(eq(listingViewDays.listingId, listingId))).reduce(
        (sum, row) => sum + row.views,
        0,
      );

    it("counts a visitor once per listing per day, never a bot, and keeps no address or browser string", async () => {
      const views = createViewRecorder({ db: handle.db, enabled: true });
      const day1 = new Date("2026-11-20T09:00:00Z");
      for (let visit = 0; visit < 3; visit++) views.record({ listingId: "ferrari-f40-1990", clientIp: "203.0.113.7", userAgent: BROWSER, at: day1 });
      views.record({ listingId: "ferrari-f40-1990", clientIp: "203.0.113.7", userAgent: GOOGLEBOT, at: day1 });
      views.record({ listingId: "ferrari-f40-1990", clientIp: "203.0.113.8", userAgent: HEADLESS, at: day1 });
      views.record({ listingId: "ferrari-f40-1990", clientIp: "203.0.113.9", userAgent: "", at: day1 });
      await views.flush();
      expect(await viewsOf("ferrari-f40-1990")).toBe(1);

      // Another visitor, and the same visitor on another listing, count; the same one again later that day does not.
      views.record({ listingId: "ferrari-f40-1990", clientIp: "198.51.100.4", userAgent: OTHER_BROWSER, at: day1 });
      views.record({ listingId: "bugatti-chiron-2019", clientIp: "203.0.113.7", userAgent: BROWSER, at: day1 });
      views.record({ listingId: "ferrari-f40-1990", clientIp: "203.0.113.7", userAgent: BROWSER, at: new Date("2026-11-20T23:59:00Z") });
      await views.flush();
      expect(await viewsOf("ferrari-f40-1990")).toBe(2);
      expect(await viewsOf("bugatti-chiron-2019")).toBe(1);

      // The next day the same visitor counts again, under a new salt.
      views.record({ listingId: "ferrari-f40-1990", clientIp: "203.0.113.7", userAgent: BROWSER, at: new Date("2026-11-21T08:00:00Z") });
      await views.flush();
      expect(await viewsOf("ferrari-f40-1990")).toBe(3);
      const salts = await handle.db.select().from(viewSalts);
      expect(new Set(salts.map((row) => row.salt)).size).toBe(salts.length);

      const stored = JSON.stringify([await handle.db.select().from(listingViewVisitors), await handle.db.select().from(listingViewDays), salts]);
      for (const secret of ["203.0.113.7", "198.51.100.4", "Safari", "Chrome"]) expect(stored).not.toContain(secret);
    });

    it("forgets salts and visitor hashes after a day, keeping only the daily counts", async () => {
      const views = createViewRecorder({ db: handle.db, enabled: true });
      views.record({ listingId: "spitfire", clientIp: "203.0.113.50", userAgent: BROWSER, at: new Date("2026-11-24T10:00:00Z") });
      await views.flush();
      const days = (await handle.db.select({ day: viewSalts.day }).from(viewSalts)).map((row) => row.day).sort();
      expect(days).toEqual(["2026-11-24"]);
      const visitorDays = new Set((await handle.db.select({ day: listingViewVisitors.day }).from(listingViewVisitors)).map((row) => row.day));
      expect([...visitorDays]).toEqual(["2026-11-24"]);
      expect(await viewsOf("ferrari-f40-1990")).toBe(3);
    });

    it("records nothing when switched off, and ignores prefetches and non-GET requests", async () => {
      const off = createViewRecorder({ db: handle.db, enabled: false });
      off.record({ listingId: "premium-copper", clientIp: "203.0.113.60", userAgent: BROWSER });
      await off.flush();
      expect(await viewsOf("premium-copper")).toBe(0);
      expect(isCountableRequest(new Request("http://shop.test/cars/x"))).toBe(true);
      expect(isCountableRequest(new Request("http://shop.test/cars/x", { headers: { "sec-purpose": "prefetch" } }))).toBe(false);
      expect(isCountableRequest(new Request("http://shop.test/cars/x", { headers: { purpose: "prefetch" } }))).toBe(false);
      expect(isCountableRequest(new Request("http://shop.test/cars/x", { method: "HEAD" }))).toBe(false);
    });

    it("Trending Now shows the most viewed listed listings of the week, filled up with the staff picks", async () => {
      const now = new Date("2026-11-27T12:00:00Z");
      const views = createViewRecorder({ db: handle.db, enabled: true });
      const visit = (listingId: string, visitors: number, at: Date) => {
        for (let index = 0; index < visitors; index++) views.record({ listingId, clientIp: `192.0.2.${index + 1}`, userAgent: BROWSER, at });
      };
      // Too few views everywhere: the staff picks, in their order (spec point 2).
      expect((await trendingNow(handle.db, now)).map((item) => item.path)).toEqual([
        "/real-estate/nad-al-sheba-villa",
        "/cars/bugatti-chiron-2019",
        "/yachts/spitfire",
      ]);
      visit("gulfstream-gv-1998", 5, new Date("2026-11-26T10:00:00Z"));
      visit("premium-copper", 4, new Date("2026-11-25T10:00:00Z"));
      visit("formula-430-ssc", 9, new Date("2026-11-10T10:00:00Z")); // older than a week
      visit("finestrat-villa", 2, new Date("2026-11-26T10:00:00Z")); // below the minimum
      await views.flush();
      expect((await trendingNow(handle.db, now)).map((item) => item.path)).toEqual([
        "/jets/gulfstream-gv-1998",
        "/metals/premium-copper",
        "/real-estate/nad-al-sheba-villa",
      ]);
      // A hidden listing leaves Trending Now at once, however viewed; the next pick takes its place.
      const [jet] = await handle.db.select().from(listings).where(eq(listings.id, "gulfstream-gv-1998"));
      await updateListing(
        handle.db,
        actor,
        jet!.id,
        jet!.version,
        listingFormSchema.parse({
          title: jet!.title,
          slug: jet!.slug,
          category: "jets",
          location: jet!.location,
          priceMode: "request",
          status: "published",
          visible: false,
        }),
      );
      expect((await trendingNow(handle.db, now)).map((item) => item.path)).toEqual([
        "/metals/premium-copper",
        "/real-estate/nad-al-sheba-villa",
        "/cars/bugatti-chiron-2019",
      ]);
    });

    it("the listings manager's figures: views and enquiries over 7 and 30 days, enquiries sent from an old address included", async () => {
      const now = new Date("2026-11-27T12:00:00Z");
      const created = await createListing(
        handle.db,
        actor,
        listingFormSchema.parse({
          title: "Stats Manor",
          category: "real-estate",
          location: "Bath, England, United Kingdom",
          priceMode: "request",
          status: "published",
          visible: true,
        }),
      );
      await handle.db.insert(contactSubmissions).values([
        {
          submissionId: "stats-1",
          firstName: "A",
          email: "a@example.test",
          interest: "Real Estate",
          message: "Hi",
          listingPath: "/real-estate/stats-manor",
          createdAt: new Date("2026-11-26T10:00:00Z"),
        },
        {
          submissionId: "stats-2",
          firstName: "B",
          email: "b@example.test",
          interest: "Real Estate",
          message: "Hi",
          listingPath: "/real-estate/stats-manor",
          createdAt: new Date("2026-11-05T10:00:00Z"),
        },
      ]);
      await updateListing(
        handle.db,
        actor,
        created.id,
        1,
        listingFormSchema.parse({
          title: "Stats Manor",
          slug: "stats-manor-bath",
          category: "real-estate",
          location: "Bath, England, United Kingdom",
          priceMode: "request",
          status: "published",
          visible: true,
        }),
      );
      await handle.db.insert(contactSubmissions).values({
        submissionId: "stats-3",
        firstName: "C",
        email: "c@example.test",
        interest: "Real Estate",
        message: "Hi",
        listingPath: "/real-estate/stats-manor-bath",
        createdAt: new Date("2026-11-27T09:00:00Z"),
      });
      const views = createViewRecorder({ db: handle.db, enabled: true });
      for (const [day, visitors] of [
        ["2026-11-27", 3],
        ["2026-11-20", 2],
        ["2026-10-30", 4],
        ["2026-10-01", 7],
      ] as const) {
        for (let index = 0; index < visitors; index++)
          views.record({ listingId: created.id, clientIp: `10.0.0.${index}`, userAgent: BROWSER, at: new Date(`${day}T10:00:00Z`) });
      }
      await views.flush();
      const stats = (await listingStats(handle.db, [created.id], now)).get(created.id)!;
      expect(stats).toMatchObject({ views7: 3, views30: 9, enquiries7: 2, enquiries30: 3 });
      expect(stats.trend).toHaveLength(30);
      expect(stats.trend.at(-1)).toBe(3);
      expect(stats.trend.at(-8)).toBe(2);
      expect(stats.trend[1]).toBe(4);
      expect(stats.trend.reduce((sum, value) => sum + value, 0)).toBe(9);
    });
  });
}
