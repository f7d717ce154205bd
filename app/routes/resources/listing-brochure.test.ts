import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { listings, type ListingRow } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { brochureContent } from "#app/domain/brochure";
import { CATEGORIES } from "#app/domain/categories";
import { saveRates } from "#app/models/exchange-rates.server";
import { listingFormSchema } from "#app/domain/listing-editor";
import { createListing, updateListing } from "#app/models/listings-editor.server";
import { makeCoverPhoto } from "#app/models/listings-photos.server";
import { toDetailData } from "#app/models/listings.server";
import type { AppServices } from "#app/services/app-services.server";
import { renderBrochure } from "#app/services/brochure/brochure-pdf.server";
import { handleListingPhotoUpload } from "#app/services/listing-photo-upload.server";
import { publicSettings } from "#app/services/settings.server";
import { makeJpeg } from "../../../tests/fixtures/images";
import { uploadRequest } from "../../../tests/fixtures/uploads";
import { readPdf } from "../../../tests/setup/pdf-reader";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE } from "../../../tests/setup/test-services";
import { loader } from "./listing-brochure";

/** GET /<category>/<slug>/brochure.pdf as the router calls it, read back with pdf.js: what a buyer's viewer shows. */
const actor = { id: "staff-1", name: "Brochure Editor", email: "editor@example.test" };
const VILLA = "nad-al-sheba-villa";
const CONTACT = { CONTACT_EMAIL: "concierge@whitestreams.example", CONTACT_PHONE: "+44 20 7946 0000", CONTACT_WHATSAPP: "+971 50 123 4567" };

for (const kind of TEST_DATABASE_KINDS) {
  describe(`listing brochure (${kind})`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    // Rates fetched two minutes ago: fresh, shown with their time.
    const fetchedAt = new Date(Date.now() - 120_000);

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seedCatalogue(handle.db);
      await handle.db.update(listings).set({ priceAmount: "3950000", priceCurrency: "USD" }).where(eq(listings.id, VILLA));
      await saveRates(handle.db, { BTC: "90000", ETH: "3000", XRP: "2.31", EUR: "1.08" }, "test", fetchedAt);
      ({ services, stop } = await createTestServices(handle, { envOverrides: CONTACT }));
      // A cover uploaded by staff through the media pipeline, like the admin's photo manager does.
      const uploaded = await handleListingPhotoUpload(
        uploadRequest(`${TEST_SITE}/edit/api/listings/${VILLA}/photos`, { data: await makeJpeg(2400, 1600), name: "villa.jpg", type: "image/jpeg" }),
        VILLA,
        { db: handle.db, storage: services.storage, maxPixels: services.env.IMAGE_MAX_PIXELS, actor },
      );
      if (!("photo" in uploaded.body)) throw new Error(`upload refused: ${uploaded.body.error}`);
      await makeCoverPhoto(handle.db, actor, VILLA, uploaded.body.photo.id);
    });
    afterAll(async () => {
      await stop?.();
      await handle?.close();
    });

    const load = (path: string) => {
      const [category = "", id = ""] = path.split("/").filter(Boolean);
      return loader({ request: new Request(`${TEST_SITE}${path}`), context: contextFor(services), params: { category, id } } as never).catch(
        (thrown: unknown) => thrown as Response,
      );
    };
    const row = async (id: string) => (await handle.db.select().from(listings).where(eq(listings.id, id)))[0] as ListingRow;

    it("prints the seeded listing: cover, title, price with its coin equivalents and rates' time, details, contact and the way back", async () => {
      const first = await load(`/real-estate/${VILLA}/brochure.pdf`);
      expect(first.status).toBe(200);
      // Made again (the 1200×630 cover is kept from the first time), timed as a visitor waits for it.
      const started = performance.now();
      const response = await load(`/real-estate/${VILLA}/brochure.pdf`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(performance.now() - started).toBeLessThan(2000);

      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${VILLA}-brochure.pdf"`);
      expect(response.headers.get("cache-control")).toBe("public, max-age=300");
      expect(Number(response.headers.get("content-length"))).toBe(bytes.length);

      const pdf = await readPdf(bytes);
      const villa = await row(VILLA);
      const page1 = pdf.pages[0]!;
      const all = pdf.pages.join(" ");
      expect(pdf.info.Title).toBe(`${villa.title} | White Streams`);
      expect(page1).toContain(villa.title);
      expect(page1).toContain(villa.location);
      expect(page1).toContain("USD 3,950,000");
      expect(page1).toContain("BTC 43.8889");
      expect(page1).toContain("ETH 1,316.667");
      expect(page1).toContain("XRP 1,709,957");
      expect(page1).toContain(`Rates at ${fetchedAt.toISOString().slice(11, 16)} UTC. The final amount is fixed when the deal is agreed.`);
      expect(page1).toContain(CATEGORIES["real-estate"].detailHeading);
      for (const spec of villa.specifications) {
        expect(all).toContain(spec.label);
        expect(all).toContain(spec.value);
      }
      for (const feature of villa.features) expect(all).toContain(feature);
      // Every line staff wrote is there, in order.
      const lines = villa.description.split("\n").map((line) => line.replace(/\s+/g, " ").trim());
      let from = 0;
      for (const line of lines.filter(Boolean)) {
        const at = all.indexOf(line, from);
        expect(at, line).toBeGreaterThanOrEqual(from);
        from = at + line.length;
      }
      for (const value of [CONTACT.CONTACT_EMAIL, CONTACT.CONTACT_PHONE, CONTACT.CONTACT_WHATSAPP, "24/7 Support"]) expect(all).toContain(value);
      // The cover is our own photo; the QR code, the footer and the enquiry line lead back to the listing.
      expect(pdf.images[0]).toBe(1);
      expect(pdf.links).toContain(`${TEST_SITE}/real-estate/${VILLA}`);
      expect(pdf.links).toContain(`${TEST_SITE}/real-estate/${VILLA}#enquiry`);
      expect(pdf.links).toContain("https://wa.me/971501234567");
      expect(pdf.links).toContain(`mailto:${CONTACT.CONTACT_EMAIL}`);
    });

    it("a listing on request with a picture not imported yet: no price figures, the designed cover instead of a remote photo", async () => {
      const response = await load("/cars/ferrari-f40-1990/brochure.pdf");
      expect(response.status).toBe(200);
      const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
      expect(pdf.pages[0]).toContain("Price On Request");
      expect(pdf.pages[0]).not.toContain("BTC");
      expect(pdf.images[0]).toBe(0);
      expect(pdf.pages[0]).toContain("White Streams The world's luxury marketplace for digital currency");
    });

    it("a sold listing keeps its brochure, marked sold and without a price", async () => {
      await handle.db
        .update(listings)
        .set({ status: "sold", priceAmount: "280000", priceCurrency: "EUR" })
        .where(eq(listings.id, "lamborghini-aventador-2012"));
      const response = await load("/cars/lamborghini-aventador-2012/brochure.pdf");
      expect(response.status).toBe(200);
      const { pages } = await readPdf(new Uint8Array(await response.arrayBuffer()));
      expect(pages[0]).toContain("This listing has been sold");
      expect(pages[0]).not.toContain("EUR 280,000");
      expect(pages[0]).not.toContain("BTC");
    });

    it("answers like the page: drafts, archived, hidden and unknown listings are not found; an old address moves", async () => {
      await handle.db.update(listings).set({ status: "draft" }).where(eq(listings.id, "mclaren-artura-2025"));
      await handle.db.update(listings).set({ status: "archived" }).where(eq(listings.id, "bugatti-chiron-2019"));
      await handle.db.update(listings).set({ visible: false }).where(eq(listings.id, "gulfstream-gv-1998"));
      for (const path of [
        "/cars/mclaren-artura-2025/brochure.pdf",
        "/cars/bugatti-chiron-2019/brochure.pdf",
        "/jets/gulfstream-gv-1998/brochure.pdf",
        "/cars/no-such-car/brochure.pdf",
        "/boats/ferrari-f40-1990/brochure.pdf",
      ]) {
        const response = await load(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("cache-control"), path).toBe("no-store");
      }
      // A renamed listing keeps its old address as a redirect: the brochure moves with the page.
      const values = {
        title: "Brochure Residence",
        category: "real-estate",
        location: "Lisbon, Portugal",
        priceMode: "request",
        status: "published",
        visible: true,
      };
      const created = await createListing(handle.db, actor, listingFormSchema.parse(values));
      await updateListing(handle.db, actor, created.id, 1, listingFormSchema.parse({ ...values, slug: "residence-on-the-tagus" }));
      const moved = await load("/real-estate/brochure-residence/brochure.pdf");
      expect(moved.status).toBe(301);
      expect(moved.headers.get("location")).toBe("/real-estate/residence-on-the-tagus/brochure.pdf");
    });

    it("lists a car's year among its details once, also when the year was entered only in the editor's Year field", async () => {
      const settings = publicSettings(services.env, await services.settings.current());
      const bugatti = await row("bugatti-chiron-2019");
      // As the editor stores a car now: the year in its own field, no "Year" row among the specifications.
      const editorMade = { ...bugatti, specifications: bugatti.specifications.filter((spec) => spec.label !== "Year") };
      for (const listing of [bugatti, editorMade]) {
        const content = brochureContent({ listing: toDetailData(listing), category: CATEGORIES.cars, settings, siteUrl: TEST_SITE, rates: null });
        expect(content.specifications.filter((spec) => spec.label === "Year")).toEqual([{ label: "Year", value: "2019" }]);
        expect((await readPdf(await renderBrochure(content, { cover: null }))).pages[0]).toMatch(/Year\s*2019/);
      }
    });

    it("prints text in Cyrillic, Greek and every accented Latin letter whole, and leaves out only what no face can draw", async () => {
      const villa = toDetailData(await row(VILLA));
      const settings = publicSettings(services.env, await services.settings.current());
      const content = brochureContent({
        listing: {
          ...villa,
          title: "Вилла у моря в Сочи",
          location: "Łódź, Polska",
          specifications: [{ label: "Şehir", value: "İstanbul, Beşiktaş" }],
          description: "Η βίλα βλέπει στη θάλασσα. Tầng trệt rộng rãi. 海景别墅 Sea view.",
          features: ["Ωραίος κήπος"],
        },
        category: CATEGORIES["real-estate"],
        settings,
        siteUrl: TEST_SITE,
        rates: null,
      });
      const text = (await readPdf(await renderBrochure(content, { cover: null }))).pages.join(" ");
      for (const words of [
        "Вилла у моря в Сочи",
        "Łódź, Polska",
        "Şehir",
        "İstanbul, Beşiktaş",
        "Η βίλα βλέπει στη θάλασσα.",
        "Tầng trệt rộng rãi.",
        "Ωραίος κήπος",
      ]) {
        expect(text).toContain(words);
      }
      // The faces have no Chinese: left out, never printed as empty boxes; the words around it stay.
      expect(text).not.toMatch(/[海景别墅]/);
      expect(text).toContain("Sea view.");
    });

    it("prints a description holding a 10,000-character word, whole and cut to the page, as fast as any other", async () => {
      const villa = toDetailData(await row(VILLA));
      const settings = publicSettings(services.env, await services.settings.current());
      const word = "D".repeat(10_000);
      const content = brochureContent({
        listing: { ...villa, description: `Before the word. ${word} After the word.` },
        category: CATEGORIES["real-estate"],
        settings,
        siteUrl: TEST_SITE,
        rates: null,
      });
      // pdfkit alone measured such a word again for every character it tried: 11 s of the server's only thread.
      const started = performance.now();
      const pdf = await readPdf(await renderBrochure(content, { cover: null }));
      expect(performance.now() - started).toBeLessThan(2000);
      // Across four pages (each with its footer), every character of it, 64 to a line.
      const text = pdf.pages.join(" ");
      const printed = text.slice(text.indexOf("Before the word."), text.indexOf("After the word."));
      expect(printed.replace(/[^D]/g, "")).toHaveLength(10_000);
      expect(printed).toContain(` ${"D".repeat(64)} `);
    });

    it("labels rates past their age as out of date, and with no rates at all shows no equivalents", async () => {
      const villa = toDetailData(await row(VILLA));
      const settings = publicSettings(services.env, await services.settings.current());
      const base = { listing: villa, category: CATEGORIES["real-estate"], settings, siteUrl: TEST_SITE };
      const usdPer = { BTC: "90000", ETH: "3000", XRP: "2.31" };
      const stale = await readPdf(
        await renderBrochure(brochureContent({ ...base, rates: { usdPer, fetchedAt: "2026-11-20T09:30:00.000Z", stale: true } }), { cover: null }),
      );
      expect(stale.pages[0]).toContain("BTC 43.8889");
      expect(stale.pages[0]).toContain("Rates of 20 Nov 2026, 09:30 UTC (out of date).");
      const none = await readPdf(await renderBrochure(brochureContent({ ...base, rates: null }), { cover: null }));
      expect(none.pages[0]).toContain("USD 3,950,000");
      expect(none.pages[0]).not.toMatch(/BTC|ETH|XRP|Rates/);
    });
  });
}
