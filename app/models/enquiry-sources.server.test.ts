import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { parseEnquiryFilters } from "#app/domain/enquiry-filters";
import { enquirySourceLabel, sharePath } from "#app/domain/shortlist";
import { enquiryCsvRows } from "#app/services/enquiry-csv.server";
import { listingForm } from "../../tests/fixtures/listing-form";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { listEnquiries } from "./enquiries-admin.server";
import { createListing, updateListing } from "./listings-editor.server";
import { storeSubmission } from "./submissions.server";

const SITE = "https://whitestreams.example";

/** Where an enquiry came from, as the inbox filter, its rows and the CSV name it: a listing, a shortlist, the Contact page. */
for (const kind of TEST_DATABASE_KINDS) {
  describe(`enquiry sources on ${kind}`, () => {
    let handle: DatabaseHandle;

    async function enquiry(email: string, listingPath: string | null) {
      await storeSubmission(handle.db, {
        submissionId: crypto.randomUUID(),
        firstName: "Source",
        lastName: "Test",
        email,
        phone: "Not provided",
        interest: "General",
        message: "Where did this come from?",
        listingPath,
        metadata: { userAgent: "Vitest", timestamp: new Date().toISOString() },
      });
    }

    const list = async (query: string) => (await listEnquiries(handle.db, parseEnquiryFilters(new URLSearchParams(query)))).items;

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await seedCatalogue(handle.db);
      await enquiry("listing@example.test", "/real-estate/nad-al-sheba-villa");
      await enquiry("shortlist@example.test", sharePath(["bugatti-chiron-2019", "nad-al-sheba-villa", "spitfire"]));
      await enquiry("contact@example.test", null);
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("filters shortlist enquiries apart from listings and the Contact page", async () => {
      expect((await list("category=shortlist")).map((item) => item.email)).toEqual(["shortlist@example.test"]);
      expect((await list("category=contact")).map((item) => item.email)).toEqual(["contact@example.test"]);
      expect((await list("category=real-estate")).map((item) => item.email)).toEqual(["listing@example.test"]);
    });

    it("names a shortlist enquiry's source by its list in the inbox and the CSV, never 'Contact page' or 'Listing removed'", async () => {
      const items = await list("");
      const sources = Object.fromEntries(items.map((item) => [item.email, enquirySourceLabel(item.listingPath, item.listingTitle)]));
      expect(sources).toEqual({
        "listing@example.test": expect.stringContaining("Nad Al Sheba"),
        "shortlist@example.test": "Shortlist of 3 listings",
        "contact@example.test": "Contact page",
      });
      const csv = enquiryCsvRows(items, SITE);
      const row = (email: string) => csv.split("\r\n").find((line) => line.includes(email))!;
      expect(row("shortlist@example.test")).toContain(
        `,Shortlist of 3 listings,${SITE}/shortlist?list=bugatti-chiron-2019.nad-al-sheba-villa.spitfire,`,
      );
      expect(row("contact@example.test")).toContain(",Contact page,,");
      expect(row("listing@example.test")).toContain(`${SITE}/real-estate/nad-al-sheba-villa`);
    });

    it("names the listing an enquiry came from by its address then: a listing made in the editor, and after its slug changed", async () => {
      const actor = { id: "user-editor", name: "Eve Editor", email: "eve@example.test" };
      const made = await createListing(handle.db, actor, listingForm({ title: "Quinta do Mar", status: "published" }));
      expect(made.id).not.toBe(made.slug);
      await enquiry("made@example.test", "/real-estate/quinta-do-mar");
      await updateListing(
        handle.db,
        actor,
        made.id,
        made.version,
        listingForm({ title: "Quinta do Mar", location: "Cascais", slug: "quinta-do-mar-cascais", status: "published" }),
      );
      await enquiry("renamed@example.test", "/real-estate/quinta-do-mar-cascais");
      const items = await list("category=real-estate");
      const title = (email: string) => items.find((item) => item.email === email)?.listingTitle;
      expect([title("made@example.test"), title("renamed@example.test"), title("listing@example.test")]).toEqual([
        "Quinta do Mar",
        "Quinta do Mar",
        expect.stringContaining("Nad Al Sheba"),
      ]);
    });
  });
}
