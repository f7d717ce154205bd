import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { contactSubmissions, emailOutbox } from "#app/db/schema";
import { enquiriesForExport } from "#app/models/enquiries-admin.server";
import { storeSubmission } from "#app/models/submissions.server";
import type { AppServices } from "#app/services/app-services.server";
import { enquiryCsvRows } from "#app/services/enquiry-csv.server";
import { renderPage, routeOf } from "../../../tests/setup/route-screens";
import { sessionCookieFor } from "../../../tests/setup/staff-sessions";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../tests/setup/test-db";
import { createTestServices, TEST_SITE } from "../../../tests/setup/test-services";
import * as enquiriesRoute from "./enquiries";
import * as enquiryRoute from "./enquiry";
import * as layoutRoute from "./layout";

/** The page without the scripts that carry the loader data (both forms of an address) to the browser, and its text as people read it. */
function visible(html: string) {
  const shown = html.replace(/<script\b[\s\S]*?<\/script>/g, "");
  return { html: shown, text: shown.replace(/<[^>]*>/g, "") };
}

/**
 * The inbox and an enquiry's page for an address whose domain is in another script. The enquiry forms store it in
 * ASCII form (jose@xn--bcher-kva.de); staff read and search for it as it was typed (jose@bücher.de).
 */
for (const kind of TEST_DATABASE_KINDS) {
  describe(`enquiries from jose@bücher.de in the admin (${kind})`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    let cookie: string;
    const routes = [
      routeOf("routes/admin/layout", "/edit", layoutRoute, [
        routeOf("routes/admin/enquiries", "enquiries", enquiriesRoute),
        routeOf("routes/admin/enquiry", "enquiries/:id", enquiryRoute),
      ]),
    ];

    async function seed(name: string, email: string, message: string) {
      const submissionId = crypto.randomUUID();
      const [firstName = "", lastName = ""] = name.split(" ");
      const metadata = { userAgent: "Vitest", timestamp: new Date().toISOString() };
      await storeSubmission(handle.db, {
        submissionId,
        firstName,
        lastName,
        email,
        phone: "Not provided",
        interest: "General",
        message,
        listingPath: null,
        metadata,
      });
      const [row] = await handle.db
        .select({ id: contactSubmissions.id })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.submissionId, submissionId));
      return row!.id;
    }

    let joseId: string;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle));
      cookie = await sessionCookieFor(services, { email: "sales@enquiries.test", name: "Sami", role: "sales" });
      await seed("Jose Ortega", "jose@xn--bcher-kva.de", "The first edition, please.");
      joseId = await seed("Jose Ortega", "jose@xn--bcher-kva.de", "And the villa brochure.");
      await seed("Ada Hart", "ada@example.com", "A friend at bücher.de sent me.");
      await seed("Pat Payne", "billing@xn--pypal-4ve.com", "Urgent invoice.");
    });
    afterAll(async () => {
      await stop?.();
      await handle?.close();
    });

    const open = async (path: string, init: RequestInit = {}) => {
      const page = await renderPage(routes, new Request(`${TEST_SITE}${path}`, { ...init, headers: { cookie, origin: TEST_SITE } }), services);
      expect(page.status).toBe(200);
      return visible(page.html);
    };
    const search = async (q: string) => (await open(`/edit/enquiries?q=${encodeURIComponent(q)}`)).text;

    it("lists the address with its domain as typed", async () => {
      const inbox = (await open("/edit/enquiries")).html;
      expect(inbox).toContain("jose@bücher.de");
      expect(inbox).not.toContain("xn--bcher-kva");
      // A domain that could pass for another company's (a Cyrillic а in paypal) is left in ASCII form.
      expect(inbox).toContain("billing@xn--pypal-4ve.com");
    });

    it("finds the address when searched for as typed, and still finds the text as typed", async () => {
      const byDomain = await search("bücher.de");
      expect(byDomain).toContain("3 enquiries match these filters");
      expect(byDomain).toContain("Jose Ortega");
      expect(byDomain).toContain("Ada Hart");
      for (const q of ["jose@bücher.de", "JOSE@BÜCHER.DE", "@bücher"]) {
        const page = await search(q);
        expect(page, q).toContain("2 enquiries match these filters");
        expect(page, q).not.toContain("Ada Hart");
      }
      expect(await search("xn--bcher-kva.de")).toContain("2 enquiries match these filters");
    });

    it("shows the enquiry's address as typed, while the mailto: link and the reply go to its ASCII form", async () => {
      const { html, text: page } = await open(`/edit/enquiries/${joseId}`);
      expect(html).toMatch(/href="mailto:jose@xn--bcher-kva\.de"[^>]*>jose@bücher\.de<\/a>/);
      expect(page).toContain("Mail goes to jose@xn--bcher-kva.de");
      expect(page).toContain("Reply to jose@bücher.de");
      expect(page).toContain("Acknowledgement to the visitor to jose@bücher.de");
      expect(page).toContain("Other enquiries from jose@bücher.de");
      expect(page).toContain("The first edition, please.");

      await open(`/edit/enquiries/${joseId}`, { method: "POST", body: new URLSearchParams({ intent: "reply", body: "It is on its way." }) });
      const replies = await handle.db.select({ recipient: emailOutbox.recipient }).from(emailOutbox).where(eq(emailOutbox.kind, "enquiry-reply"));
      expect(replies).toEqual([{ recipient: "jose@xn--bcher-kva.de" }]);
    });

    it("exports a search typed with the Unicode domain, the address in the ASCII form it is stored and mailed in", async () => {
      let csv = "";
      for await (const page of enquiriesForExport(handle.db, { q: "jose@bücher.de" })) csv += enquiryCsvRows(page, TEST_SITE);
      expect(csv.match(/,jose@xn--bcher-kva\.de,/g)).toHaveLength(2);
      expect(csv).not.toContain("bücher");
    });
  });
}
