import { sql } from "drizzle-orm";
import type { Database, DbOrTx } from "#app/db/client.server";
import { appSettings } from "#app/db/schema";
import { deleteExpiredEnquiries } from "#app/models/enquiry-privacy.server";
import { RETENTION_CHECK_EVERY_MS, RETENTION_JOB_KEY, RETENTION_RUN_GAP_HOURS } from "#app/domain/retention-schedule";
import type { SiteSettings } from "#app/domain/site-settings";
import { logger } from "./logger.server";

/**
 * Claims today's run of the retention job: one atomic upsert on app_settings that succeeds only when the
 * last run is more than 23 hours old. However many app processes check at the same moment, exactly one
 * gets the row back and runs the job (PGlite and PostgreSQL alike). Inside a transaction the claim holds the
 * row until commit: another process waits, then sees the new time, or the old one again if the run failed.
 */
export async function claimDailyRun(db: DbOrTx, now = new Date()): Promise<boolean> {
  const value = { lastRunAt: now.toISOString() };
  const claimed = await db
    .insert(appSettings)
    .values({ key: RETENTION_JOB_KEY, value })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value, updatedAt: now },
      setWhere: sql`(${appSettings.value}->>'lastRunAt')::timestamptz < ${now}::timestamptz - make_interval(hours => ${RETENTION_RUN_GAP_HOURS})`,
    })
    .returning({ key: appSettings.key });
  return claimed.length > 0;
}

/**
 * Runs the job if no process has run it in the last 23 hours; returns how many enquiries it deleted (null: not
 * due). The claim and the delete are one transaction, so a run that fails claims nothing and the next hourly
 * check tries again; the settings are read before anything is claimed.
 */
export async function runRetentionIfDue(db: Database, settings: () => Promise<SiteSettings>, now = new Date()): Promise<number | null> {
  const { retentionMonths } = await settings();
  const deleted = await db.transaction(async (tx) => ((await claimDailyRun(tx, now)) ? deleteExpiredEnquiries(tx, retentionMonths, now) : null));
  if (deleted !== null) logger.info({ deleted, retentionMonths }, "retention job: deleted enquiries older than the retention period");
  return deleted;
}

/** Checks every hour (and shortly after start) whether today's run is due. */
export function startRetentionJob(db: Database, settings: () => Promise<SiteSettings>): { stop(): void } {
  const check = () =>
    void runRetentionIfDue(db, settings).catch((error) =>
      logger.warn({ err: error instanceof Error ? error.message : error }, "retention job failed; trying again in an hour"),
    );
  const first = setTimeout(check, 60_000);
  first.unref();
  const timer = setInterval(check, RETENTION_CHECK_EVERY_MS);
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
