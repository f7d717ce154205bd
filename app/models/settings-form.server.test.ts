import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { auditEvents } from "#app/db/schema";
import type { SiteSettings } from "#app/domain/site-settings";
import { parseEnv } from "#app/env.server";
import { runRetentionIfDue } from "#app/services/retention-job.server";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { TEST_ACTOR } from "../../tests/setup/test-actor";
import { RetentionConfirmationNeeded, saveSettingsForm } from "./settings-form.server";
import { loadSettings } from "./site-settings.server";
import { storeAgedEnquiry } from "../../tests/fixtures/aged-enquiry";

const env = parseEnv({ SITE_URL: "https://whitestreams.example", ENQUIRY_RETENTION_MONTHS: "24" });
const HOUR = 3_600_000;

/** Shortening the retention period deletes stored enquiries at the clean-up's next run: it is saved only once confirmed. */
for (const kind of TEST_DATABASE_KINDS) {
  describe(`a shorter retention period waits for confirmation (${kind})`, () => {
    let handle: DatabaseHandle;

    /** An enquiry received `daysAgo` days before now. */
    const enquiry = (daysAgo: number) => storeAgedEnquiry(handle.db, daysAgo);

    /** A save from a form opened just now, changing only the retention period. */
    async function saveRetention(months: number, confirmed: number | null = null, now = new Date()) {
      const shown = await loadSettings(handle.db, env);
      const submitted: SiteSettings = { ...shown, retentionMonths: months };
      return saveSettingsForm(handle.db, env, TEST_ACTOR, shown, submitted, { confirmedRetentionMonths: confirmed, now });
    }

    /** The question a save is answered with instead of being applied (null: it was applied). */
    async function question(months: number, confirmed: number | null = null, now = new Date()) {
      try {
        await saveRetention(months, confirmed, now);
        return null;
      } catch (error) {
        if (error instanceof RetentionConfirmationNeeded) return error.shortening;
        throw error;
      }
    }

    const retention = async () => (await loadSettings(handle.db, env)).retentionMonths;
    const audited = async () => (await handle.db.select().from(auditEvents).where(eq(auditEvents.kind, "settings"))).length;

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      // About 13, 7 and 1 months old, and one from this week.
      for (const daysAgo of [400, 210, 30, 3]) await enquiry(daysAgo);
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("asks first, saying how many stored enquiries fall outside the new period and when they are deleted; nothing is saved meanwhile", async () => {
      const now = new Date();
      const asked = await question(12, null, now);
      expect(asked).toEqual({
        from: 24,
        to: 12,
        outside: 1,
        receivedBefore: new Date(new Date(now).setUTCMonth(now.getUTCMonth() - 12)).toISOString(),
        // The clean-up has never run here: the next hourly check runs it.
        deletedBy: new Date(now.getTime() + HOUR).toISOString(),
      });
      expect(await retention()).toBe(24);
      expect(await audited()).toBe(0);
    });

    it("applies the shorter period only with a confirmation of that very period", async () => {
      // A confirmation given for another period (a stale page, a scripted post) is asked again.
      expect(await question(6, 12)).toMatchObject({ from: 24, to: 6, outside: 2 });
      expect(await retention()).toBe(24);
      expect(await saveRetention(12, 12)).toEqual({ retentionMonths: { before: 24, after: 12 } });
      expect(await retention()).toBe(12);
    });

    it("needs no confirmation to lengthen the period or to keep it", async () => {
      expect(await question(36)).toBeNull();
      expect(await retention()).toBe(36);
      expect(await question(36)).toBeNull();
      // From 36 down to 6: the question counts from the stored period, and both enquiries past 6 months.
      expect(await question(6)).toMatchObject({ from: 36, to: 6, outside: 2 });
    });

    it("tells the truth about the clean-up: it deletes what was counted, by the time given", async () => {
      const start = new Date();
      // The clean-up ran two hours ago (the default 36 months deleted nothing), so today's run is done.
      expect(await runRetentionIfDue(handle.db, () => loadSettings(handle.db, env), new Date(start.getTime() - 2 * HOUR))).toBe(0);
      const asked = await question(6, null, start);
      expect(asked).toMatchObject({ outside: 2, deletedBy: new Date(start.getTime() + 22 * HOUR).toISOString() });
      await saveRetention(6, 6, start);

      const settings = () => loadSettings(handle.db, env);
      const deletedBy = Date.parse(asked!.deletedBy);
      // Not due before 23 hours since the last run; an hourly check after that deletes exactly the ones counted.
      expect(await runRetentionIfDue(handle.db, settings, new Date(deletedBy - HOUR - 60_000))).toBeNull();
      expect(await runRetentionIfDue(handle.db, settings, new Date(deletedBy - HOUR + 60_000))).toBe(asked!.outside);
    });
  });
}
