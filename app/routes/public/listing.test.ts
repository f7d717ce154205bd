import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { listingViewDays } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { listingFormSchema } from "#app/domain/listing-editor";
import { createListing, updateListing } from "#app/models/listings-editor.server";
import type { AppServices } from "#app/services/app-services.server";
import { openTestDatabase } from "../../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE } from "../../../tests/setup/test-services";
import { loader } from "./listing";

/** The detail page's loader as the router calls it: redirects for old addresses, 404s, and the view it counts. */
const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const BOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";

describe("listing page loader", () => {
  let handle: DatabaseHandle;
  let services: AppServices;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    await seedCatalogue(handle.db);
    ({ services, stop } = await createTestServices(handle));
  });
  afterAll(async () => {
    await stop();
    await handle.close();
  });

  const load = (path: string, userAgent = BROWSER, clientIp = "203.0.113.20") => {
    const [category = "", id = ""] = path.split("?")[0]!.split("/").filter(Boolean);
    return loader({
      request: new Request(`${TEST_SITE}${path}`, { headers: { "user-agent": userAgent } }),
      context: contextFor(services, { clientIp }),
      params: { category, id },
    } as never);
  };
  const outcome = async (path: string) =>
    load(path).then(
      () => 200,
      (thrown: unknown) =>
        thrown instanceof Response ? `${thrown.status} ${thrown.headers.get("location")}` : (thrown as { init?: { status?: number } }).init?.status,
    );

  it("answers an old address with a 301 to the new one, keeping the query; drafts and unknown slugs are 404", async () => {
    const actor = { id: "staff", name: "Staff", email: "staff@example.test" };
    const values = {
      title: "Redirect Residence",
      category: "real-estate",
      location: "Lisbon, Portugal",
      priceMode: "request",
      status: "published",
      visible: true,
    };
    const created = await createListing(handle.db, actor, listingFormSchema.parse(values));
    expect(await outcome("/real-estate/redirect-residence")).toBe(200);
    await updateListing(handle.db, actor, created.id, 1, listingFormSchema.parse({ ...values, slug: "residence-on-the-tagus" }));
    expect(await outcome("/real-estate/redirect-residence?photo=2")).toBe("301 /real-estate/residence-on-the-tagus?photo=2");
    await updateListing(handle.db, actor, created.id, 2, listingFormSchema.parse({ ...values, slug: "residence-on-the-tagus", status: "draft" }));
    expect(await outcome("/real-estate/residence-on-the-tagus")).toBe(404);
    expect(await outcome("/real-estate/redirect-residence")).toBe(404);
    expect(await outcome("/real-estate/a%00b")).toBe(404);
  });

  it("counts a visitor's view once a day and never a bot's, after the page is answered", async () => {
    const views = async () =>
      (await handle.db.select({ views: listingViewDays.views }).from(listingViewDays).where(eq(listingViewDays.listingId, "spitfire"))).reduce(
        (sum, row) => sum + row.views,
        0,
      );
    await load("/yachts/spitfire");
    await load("/yachts/spitfire");
    await load("/yachts/spitfire", BOT);
    await load("/yachts/spitfire", BOT, "198.51.100.99");
    // Nothing is written while the page is answered: the recorder's batch goes out afterwards.
    expect(await views()).toBe(0);
    await services.views.flush();
    expect(await views()).toBe(1);
  });
});
