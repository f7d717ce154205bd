import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { auditEvents, listings } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { createListing } from "#app/models/listings-editor.server";
import type { AppServices } from "#app/services/app-services.server";
import { listingForm } from "../../../tests/fixtures/listing-form";
import { renderPage, routeOf } from "../../../tests/setup/route-screens";
import { sessionCookieFor } from "../../../tests/setup/staff-sessions";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE } from "../../../tests/setup/test-services";
import { loader as publicLoader } from "../public/listing";
import * as layoutRoute from "./layout";
import * as editRoute from "./listing-edit";

/**
 * The listing editor as staff get it, and what visitors then see: the seeded cars and yachts carry their year twice
 * (the year, and a "Year" specification row), the way the earlier site stored them.
 */
for (const kind of TEST_DATABASE_KINDS) {
  describe(`the listing editor at /edit/listings/:id (${kind})`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    let cookie: string;
    const routes = [routeOf("routes/admin/layout", "/edit", layoutRoute, [routeOf("routes/admin/listing-edit", "listings/:id", editRoute)])];

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seedCatalogue(handle.db);
      ({ services, stop } = await createTestServices(handle));
      cookie = await sessionCookieFor(services, { email: "editor@listing-edit.test", name: "Eve", role: "editor" });
    });
    afterAll(async () => {
      await stop?.();
      await handle?.close();
    });

    const stored = async (id: string) => (await handle.db.select().from(listings).where(eq(listings.id, id)))[0]!;

    /** The editor's page after a GET, or the answer to posting `fields` (a refused save answers with the page). */
    const editor = (id: string, fields?: Record<string, string>) =>
      renderPage(
        routes,
        fields
          ? new Request(`${TEST_SITE}/edit/listings/${id}`, {
              method: "POST",
              body: new URLSearchParams(fields),
              headers: { cookie, origin: TEST_SITE },
            })
          : new Request(`${TEST_SITE}/edit/listings/${id}`, { headers: { cookie } }),
        services,
      );

    /** The form as the editor now sends it back unchanged (the year in its field, no "Year" row), plus `extra`. */
    async function unchangedForm(id: string, extra: Record<string, string> = {}) {
      const row = await stored(id);
      const rows = row.specifications.filter((spec) => spec.label !== "Year");
      return {
        _action: "save",
        version: String(row.version),
        title: row.title,
        slug: row.slug,
        category: row.category,
        location: row.location,
        year: String(row.year),
        priceMode: "request",
        description: row.description,
        features: row.features.join("\n"),
        status: row.status,
        visible: "on",
        ...(row.homeSlidePosition === null ? {} : { onCarousel: "on" }),
        ...(row.staffPickPosition === null ? {} : { staffPick: "on" }),
        ...Object.fromEntries(row.specs.map((highlight, index) => [`highlights[${index}]`, highlight])),
        ...Object.fromEntries(
          rows.flatMap((spec, index) => [
            [`specifications[${index}].label`, spec.label],
            [`specifications[${index}].value`, spec.value],
          ]),
        ),
        ...extra,
      };
    }

    /** The detail page's details list ("Vehicle Details", "Yacht Details"...), as label: value lines. */
    async function detailsList(path: string) {
      const [category = "", id = ""] = path.split("/").filter(Boolean);
      const data = await publicLoader({
        request: new Request(`${TEST_SITE}${path}`),
        context: contextFor(services),
        params: { category, id },
      } as never);
      return data.listing.specifications.map((spec) => `${spec.label}: ${spec.value}`);
    }

    it("asks for a seeded car's year once: the Year field holds it, and no specification row repeats it", async () => {
      expect((await stored("bugatti-chiron-2019")).specifications.some((spec) => spec.label === "Year")).toBe(true);
      const { status, html } = await editor("bugatti-chiron-2019");
      expect(status).toBe(200);
      expect(html.match(/<input[^>]*name="year"[^>]*>/g)).toHaveLength(1);
      expect(html).toMatch(/<input[^>]*name="year"[^>]*value="2019"/);
      expect(html).not.toMatch(/name="specifications\[\d+\]\.label"[^>]*value="Year"/);
      expect(html).toContain("Shown beside the location and in the “Vehicle Details” list.");
    });

    it("shows visitors the year once and in its place, for a seeded yacht before and after staff save it", async () => {
      const before = await detailsList("/yachts/spitfire");
      expect(before.filter((line) => line.startsWith("Year"))).toEqual(["Year: 2027"]);
      expect(await editor("spitfire", await unchangedForm("spitfire"))).toMatchObject({ status: 302 });
      expect((await stored("spitfire")).specifications.some((spec) => spec.label === "Year")).toBe(false);
      const after = await detailsList("/yachts/spitfire");
      expect(after).toEqual(before);
      expect(after.indexOf("Year: 2027")).toBe(after.indexOf("Gross Tonnage: 499") + 1);
    });

    it("shows visitors the year of a car made in the editor, entered once in the Year field, first in its details", async () => {
      await createListing(
        handle.db,
        { id: "staff", name: "Staff", email: "staff@example.test" },
        listingForm({
          title: "Aston Martin DB5",
          category: "cars",
          location: "London, United Kingdom",
          year: 1964,
          status: "published",
          specifications: [
            { label: "Mileage", value: "41,000 mi" },
            { label: "Engine", value: "4.0 L straight-six" },
          ],
        }),
      );
      expect(await detailsList("/cars/aston-martin-db5")).toEqual(["Year: 1964", "Mileage: 41,000 mi", "Engine: 4.0 L straight-six"]);
    });

    it("saves alt text typed on a photo with the listing's main save, recorded like the photo's own Save", async () => {
      const car = "bugatti-chiron-2019";
      const [first, second] = (await stored(car)).photos;
      const answer = await editor(
        car,
        await unchangedForm(car, { [`photoAlts.${first!.id}`]: "  The Chiron from the front  ", [`photoAlts.${second!.id}`]: second!.alt }),
      );
      expect(answer).toMatchObject({ status: 302, location: `/edit/listings/${car}?saved=1` });
      expect((await stored(car)).photos.map((photo) => photo.alt).slice(0, 2)).toEqual(["The Chiron from the front", second!.alt]);
      const described = await handle.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, car), eq(auditEvents.action, "photo described")));
      expect(described.map((event) => event.changes)).toEqual([{ alt: { before: first!.alt, after: "The Chiron from the front" } }]);
    });

    it("refuses the whole save when typed alt text breaks the photo's rules, says which photo, and keeps what was typed", async () => {
      const car = "bugatti-chiron-2019";
      const before = await stored(car);
      const photo = before.photos[1]!;
      const { status, html } = await editor(
        car,
        await unchangedForm(car, { title: "Bugatti Chiron, renamed", [`photoAlts.${photo.id}`]: "Left\tside" }),
      );
      expect(status).toBe(400);
      expect(html).toContain(`Nothing was saved. Alt text of photo 2 of ${before.photos.length}: Alt text must be one line of plain text.`);
      expect(html).toContain('value="Bugatti Chiron, renamed"');
      const after = await stored(car);
      expect([after.title, after.version, after.photos[1]!.alt]).toEqual([before.title, before.version, photo.alt]);
    });
  });
}
