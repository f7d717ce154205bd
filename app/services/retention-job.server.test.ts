import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { appSettings } from "#app/db/schema";
import { parseEnv } from "#app/env.server";
import { settingsDefaults } from "#app/models/site-settings.server";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { runRetentionIfDue } from "./retention-job.server";
import { storeAgedEnquiry } from "../../tests/fixtures/aged-enquiry";

const settings = { ...settingsDefaults(parseEnv({ SITE_URL: "https://whitestreams.example" })), retentionMonths: 24 };
const readSettings = () => Promise.resolve(settings);
const DAY = 86_400_000;

for (const kind of TEST_DATABASE_KINDS) {
  describe(`retention job on ${kind}`, () => {
    let handle: DatabaseHandle;

    /** An enquiry received `daysAgo` days before now. */
    const enquiry = (daysAgo: number) => storeAgedEnquiry(handle.db, daysAgo);

    const lastRun = async () => (await handle.db.select().from(appSettings).where(eq(appSettings.key, "retention-job")))[0]?.value ?? null;

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("a run whose settings cannot be read claims nothing: the next check runs it", async () => {
      await enquiry(800);
      const now = new Date();
      await expect(runRetentionIfDue(handle.db, () => Promise.reject(new Error("settings unavailable")), now)).rejects.toThrow(
        "settings unavailable",
      );
      expect(await lastRun()).toBeNull();
      expect(await runRetentionIfDue(handle.db, readSettings, new Date(now.getTime() + 3_600_000))).toBe(1);
      expect(await lastRun()).not.toBeNull();
    });

    it("a run whose delete fails gives its claim back: the next check runs it, not tomorrow's", async () => {
      await enquiry(900);
      const tomorrow = new Date(Date.now() + DAY);
      const before = await lastRun();
      // The database refuses the delete, as a lost connection or a lock timeout would.
      await handle.db.execute(
        sql`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'delete refused'; end $$`,
      );
      await handle.db.execute(sql`create trigger refuse_delete before delete on contact_submissions for each row execute function refuse_delete()`);
      await expect(runRetentionIfDue(handle.db, readSettings, tomorrow)).rejects.toThrow();
      expect(await lastRun()).toEqual(before);

      await handle.db.execute(sql`drop trigger refuse_delete on contact_submissions`);
      expect(await runRetentionIfDue(handle.db, readSettings, new Date(tomorrow.getTime() + 3_600_000))).toBe(1);
      // Done for the day: a later check the same day does nothing.
      expect(await runRetentionIfDue(handle.db, readSettings, new Date(tomorrow.getTime() + 2 * 3_600_000))).toBeNull();
    });

    it("processes checking at the same moment run it once", async () => {
      await enquiry(1000);
      const later = new Date(Date.now() + 3 * DAY);
      const runs = await Promise.all([runRetentionIfDue(handle.db, readSettings, later), runRetentionIfDue(handle.db, readSettings, later)]);
      expect(runs.filter((run) => run !== null)).toEqual([1]);
    });
  });
}
