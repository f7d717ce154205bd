import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChangeBus } from "#app/db/change-bus.server";
import { openDatabase, type Database, type DatabaseHandle } from "#app/db/client.server";
import * as schema from "#app/db/schema";
import { appSettings, auditEvents } from "#app/db/schema";
import { createSettingsService } from "#app/services/settings.server";
import { siteSettingsSchema, type SiteSettings } from "#app/domain/site-settings";
import { contactAction } from "#app/services/enquiry-action.server";
import type { AppServices } from "#app/services/app-services.server";
import { HONEYPOT_FIELD } from "#app/domain/enquiry-schemas";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { contextFor, createTestServices, testEnv } from "../../tests/setup/test-services";
import { TEST_ACTOR } from "../../tests/setup/test-actor";
import { saveSettingsForm } from "./settings-form.server";
import { loadSettings, mergeSettings, SITE_SETTINGS_KEY, settingsDefaults } from "./site-settings.server";

describe("settings form schema", () => {
  const valid = { ...settingsDefaults(testEnv()), enquiryRateLimit: "5", enquiryRateWindowMinutes: "10", retentionMonths: "24" };
  const errors = (values: Record<string, unknown>) => {
    const parsed = siteSettingsSchema.safeParse({ ...valid, ...values });
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };
  it("accepts the environment's defaults", () => {
    expect(errors({})).toEqual({});
  });
  it("says clearly what is wrong with each field", () => {
    expect(
      errors({
        companyName: " ",
        contactEmail: "</script><script>alert(1)</script>@example.com",
        enquiryMailbox: "",
        phone: "98765",
        whatsapp: "+91 98765 43210",
        instagramUrl: "http://instagram.com/whitestreams",
        linkedinUrl: "https://evil.example/linkedin.com",
        enquiryRateLimit: "0",
        enquiryRateWindowMinutes: "2.5",
        retentionMonths: "abc",
      }),
    ).toEqual({
      companyName: "Enter the company name.",
      contactEmail: "Enter the public contact e-mail as a full e-mail address, such as concierge@example.com.",
      enquiryMailbox: "Enter the enquiry mailbox.",
      phone: "Enter the phone number in international format, starting with + and the country code (for example +91 98765 43210), or leave it empty.",
      instagramUrl: "Enter the full Instagram address, starting with https://instagram.com/, or leave it empty.",
      linkedinUrl: "Enter the full LinkedIn address, starting with https://linkedin.com/, or leave it empty.",
      enquiryRateLimit: "The enquiry limit must be between 1 and 1000 enquiries.",
      enquiryRateWindowMinutes: "Enter the limit window as a whole number.",
      retentionMonths: "Enter the retention period as a whole number.",
    });
  });
});

for (const kind of TEST_DATABASE_KINDS) {
  describe(`site settings on ${kind}`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle, { envOverrides: { COMPANY_NAME: "White Streams", ENQUIRY_RATE_LIMIT: "5" } }));
    });
    afterAll(async () => {
      await stop();
      await handle.close();
    });

    /** A save from the settings form, opened just now: it shows the values in force and sends them back with `changes`. */
    async function saveFromForm(changes: Partial<SiteSettings>) {
      const shown = await loadSettings(handle.db, services.env);
      return saveSettingsForm(handle.db, services.env, TEST_ACTOR, shown, { ...shown, ...changes });
    }

    it("starts from the environment, keeps only the values an Owner changed, and audits the before and after", async () => {
      const defaults = settingsDefaults(services.env);
      expect(await loadSettings(handle.db, services.env)).toEqual(defaults);
      const changes = await saveFromForm({ companyName: "White Streams Ltd", whatsapp: "+971 50 123 4567" });
      expect(changes).toEqual({
        companyName: { before: "White Streams", after: "White Streams Ltd" },
        whatsapp: { before: "", after: "+971 50 123 4567" },
      });
      const [stored] = await handle.db.select().from(appSettings).where(eq(appSettings.key, SITE_SETTINGS_KEY));
      expect(stored!.value).toEqual({ companyName: "White Streams Ltd", whatsapp: "+971 50 123 4567" });
      const [audit] = await handle.db.select().from(auditEvents).where(eq(auditEvents.kind, "settings"));
      expect(audit).toMatchObject({ actorId: TEST_ACTOR === "system" ? null : TEST_ACTOR.id, action: "updated", changes });
      // Setting a value back to the environment's removes it from the database: it follows the environment again.
      await saveFromForm({ companyName: defaults.companyName });
      const [again] = await handle.db.select().from(appSettings).where(eq(appSettings.key, SITE_SETTINGS_KEY));
      expect(again!.value).toEqual({ whatsapp: "+971 50 123 4567" });
      // Nothing changed: nothing written.
      expect(await saveFromForm({ whatsapp: "+971 50 123 4567" })).toEqual({});
      expect(await handle.db.select().from(auditEvents).where(eq(auditEvents.kind, "settings"))).toHaveLength(2);
    });

    it("puts an Owner's change in force on every app process at once, each keeping the settings in memory", async () => {
      // A second, independent handle on the same database, with its own change bus, stands in for another process.
      let other: DatabaseHandle;
      if (kind === "postgres") {
        other = await openDatabase({ databaseUrl: (handle.raw as pg.Pool).options.connectionString });
      } else {
        const db = drizzle(handle.raw as never, { schema }) as unknown as Database;
        other = { ...handle, db, close: async () => undefined };
      }
      const otherChanges = await startChangeBus(other);
      const otherSettings = createSettingsService({ db: other.db, env: services.env, changes: otherChanges });
      try {
        const hours = `By appointment, ${kind}`;
        await saveFromForm({ workingHours: hours });
        const until = Date.now() + 3_000;
        while ((await otherSettings.current()).workingHours !== hours && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
        expect((await otherSettings.current()).workingHours).toBe(hours);
      } finally {
        otherSettings.dispose();
        await otherChanges.close();
        await other.close();
      }
    });

    it("falls back to the environment for a stored value that no longer validates", () => {
      const defaults = settingsDefaults(services.env);
      expect(mergeSettings(defaults, { contactEmail: "not an address", retentionMonths: 6 })).toEqual({ ...defaults, retentionMonths: 6 });
    });

    it("applies a new enquiry limit to the next enquiry at once", async () => {
      await saveFromForm({ enquiryRateLimit: 1 });
      services.changes.emitLocal("settings");
      const post = () => {
        const form = new FormData();
        for (const [key, value] of Object.entries({
          name: "Ada Lovelace",
          email: "ada@example.com",
          interest: "Cars",
          message: "Hello",
          submission_id: crypto.randomUUID(),
          [HONEYPOT_FIELD]: "",
        }))
          form.set(key, value);
        return contactAction({
          request: new Request("http://shop.test/contact.data", { method: "POST", body: form }),
          context: contextFor(services, { clientIp: "203.0.113.50" }),
        });
      };
      expect(await post()).toMatchObject({ data: { status: "success", delivery: "received" } });
      expect(await post()).toMatchObject({ init: { status: 429 } });
    });
  });
}
