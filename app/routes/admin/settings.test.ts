import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { auditEvents } from "#app/db/schema";
import { loadSettings } from "#app/models/site-settings.server";
import type { AppServices } from "#app/services/app-services.server";
import { sessionCookieFor } from "../../../tests/setup/staff-sessions";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE } from "../../../tests/setup/test-services";
import { action, loader } from "./settings";

/** Two Owners with /edit/settings open in two tabs: each save writes only what its own form changed. */
for (const kind of TEST_DATABASE_KINDS) {
  describe(`settings form with two tabs open (${kind})`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    const cookies: Record<"ann" | "bob", string> = { ann: "", bob: "" };

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle));
      cookies.ann = await sessionCookieFor(services, { email: "ann@settings.test", name: "Ann", role: "owner" });
      cookies.bob = await sessionCookieFor(services, { email: "bob@settings.test", name: "Bob", role: "owner" });
    });
    afterAll(async () => {
      await stop?.();
      await handle?.close();
    });

    /** Opens the page: the form's fields as the browser would send them, and the hidden values it was loaded with. */
    async function openTab(who: keyof typeof cookies) {
      const request = new Request(`${TEST_SITE}/edit/settings`, { headers: { cookie: cookies[who] } });
      const { values } = await loader({ request, url: new URL(request.url), context: contextFor(services), params: {}, pattern: "/edit/settings" });
      const fields = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
      return { who, fields, loaded: JSON.stringify(values) };
    }

    async function save(tab: Awaited<ReturnType<typeof openTab>>, changes: Record<string, string>, extra: Record<string, string> = {}) {
      const body = new URLSearchParams({ ...tab.fields, ...changes, loaded: tab.loaded, ...extra });
      const request = new Request(`${TEST_SITE}/edit/settings`, { method: "POST", body, headers: { cookie: cookies[tab.who], origin: TEST_SITE } });
      const answer = await action({ request, url: new URL(request.url), context: contextFor(services), params: {}, pattern: "/edit/settings" });
      // data() answers carry their status; a plain object is a 200.
      return "init" in answer && "data" in answer ? { status: answer.init?.status ?? 200, ...answer.data } : { status: 200, ...answer };
    }

    it("keeps the other tab's saved changes when a stale tab saves a different field, and counts only its own", async () => {
      const tabA = await openTab("ann");
      const tabB = await openTab("bob");
      const first = await save(tabA, {
        enquiryMailbox: "desk@settings.test",
        retentionMonths: "36",
        instagramUrl: "https://instagram.com/whitestreams",
        whatsapp: "+971 50 123 4567",
      });
      expect(first).toMatchObject({ status: 200, saved: 4 });
      const second = await save(tabB, { companyName: "White Streams Trading" });
      expect(second).toMatchObject({ status: 200, saved: 1 });
      expect(await loadSettings(handle.db, services.env)).toMatchObject({
        companyName: "White Streams Trading",
        enquiryMailbox: "desk@settings.test",
        retentionMonths: 36,
        instagramUrl: "https://instagram.com/whitestreams",
        whatsapp: "+971 50 123 4567",
      });
    });

    it("refuses a stale save of a field someone else changed, naming it and keeping what was typed; 'Save mine anyway' replaces it", async () => {
      const tabA = await openTab("ann");
      const tabB = await openTab("bob");
      expect(await save(tabA, { instagramUrl: "https://instagram.com/ann" })).toMatchObject({ status: 200, saved: 1 });
      const auditRows = async () => (await handle.db.select().from(auditEvents).where(eq(auditEvents.kind, "settings"))).length;
      const auditedBefore = await auditRows();

      const refused = await save(tabB, { instagramUrl: "https://instagram.com/bob", workingHours: "By appointment" });
      expect(refused).toMatchObject({
        status: 409,
        saved: null,
        conflict: { fields: ["instagramUrl"], values: { instagramUrl: "https://instagram.com/ann" }, by: "Ann <ann@settings.test>" },
      });
      if (!("result" in refused) || !refused.result) throw new Error("expected a form result");
      expect(refused.result.error?.instagramUrl?.[0]).toContain("https://instagram.com/ann");
      // What was typed comes back, and the refused save wrote nothing (not even the field nobody else changed).
      expect(refused.result.initialValue).toMatchObject({ instagramUrl: "https://instagram.com/bob", workingHours: "By appointment" });
      expect(refused.loaded).toBe(tabB.loaded);
      expect(await auditRows()).toBe(auditedBefore);
      expect((await loadSettings(handle.db, services.env)).instagramUrl).toBe("https://instagram.com/ann");

      const overwrite = JSON.stringify(refused.conflict!.values);
      const anyway = await save(tabB, { instagramUrl: "https://instagram.com/bob", workingHours: "By appointment" }, { overwrite });
      expect(anyway).toMatchObject({ status: 200, saved: 2 });
      expect(await loadSettings(handle.db, services.env)).toMatchObject({
        instagramUrl: "https://instagram.com/bob",
        workingHours: "By appointment",
      });
    });

    it("is no conflict when the other tab saved the very same value", async () => {
      const tabA = await openTab("ann");
      const tabB = await openTab("bob");
      await save(tabA, { youtubeUrl: "https://youtube.com/@whitestreams" });
      expect(await save(tabB, { youtubeUrl: "https://youtube.com/@whitestreams" })).toMatchObject({ status: 200, saved: 0 });
    });

    it("answers a save that shortens the retention period with the question, keeping what was typed; its button applies it", async () => {
      const stale = await openTab("ann");
      const tab = await openTab("bob");
      const from = Number(tab.fields.retentionMonths);
      const asked = await save(tab, { retentionMonths: "2", workingHours: "Weekdays only" });
      expect(asked).toMatchObject({ status: 409, saved: null, conflict: null, retention: { from, to: 2, outside: 0 } });
      if (!("result" in asked) || !asked.result) throw new Error("expected a form result");
      expect(asked.result.initialValue).toMatchObject({ retentionMonths: "2", workingHours: "Weekdays only" });
      // Not applied, not even the other field changed with it.
      expect(await loadSettings(handle.db, services.env)).toMatchObject({ retentionMonths: from, workingHours: stale.fields.workingHours });

      // A post that leaves the confirmation out, or confirms another period, is asked again.
      expect(await save(tab, { retentionMonths: "1" }, { confirmRetention: "2" })).toMatchObject({ status: 409, retention: { to: 1 } });
      expect(await save(tab, { retentionMonths: "2", workingHours: "Weekdays only" }, { confirmRetention: "2" })).toMatchObject({
        status: 200,
        saved: 2,
      });
      expect(await loadSettings(handle.db, services.env)).toMatchObject({ retentionMonths: 2, workingHours: "Weekdays only" });
      // Lengthening asks nothing.
      expect(await save(await openTab("ann"), { retentionMonths: "3" })).toMatchObject({ status: 200, saved: 1 });
    });

    it("refuses a form that does not say what it was loaded with, rather than guess", async () => {
      const tab = await openTab("ann");
      const answer = await save({ ...tab, loaded: "" }, { companyName: "Guessed Ltd" });
      expect(answer).toMatchObject({ status: 400, saved: null });
      expect((await loadSettings(handle.db, services.env)).companyName).not.toBe("Guessed Ltd");
    });
  });
}
