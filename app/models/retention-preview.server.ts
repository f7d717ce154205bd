import { count, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "#app/db/client.server";
import { appSettings, contactSubmissions } from "#app/db/schema";
import { RETENTION_CHECK_EVERY_MS, RETENTION_JOB_KEY, RETENTION_RUN_GAP_HOURS, retentionCutoff } from "#app/domain/retention-schedule";

/**
 * What a shorter retention period would delete, and by when, told to the Owner before the change is saved: by the
 * retention job's own schedule and cutoff (domain/retention-schedule.ts), without running it;
 * settings-form.server.test.ts runs the real job to prove the two agree.
 */

/**
 * How many stored enquiries fall outside a period of `months`, and the latest time the clean-up deletes them: an hour
 * (one check) after its next run is due, or within the hour when it is due already or has never run. Assumes the
 * app is running; a stopped app deletes nothing until it starts again.
 */
export async function previewRetention(db: DbOrTx, months: number, now = new Date()) {
  const receivedBefore = retentionCutoff(months, now);
  const [outside] = await db.select({ n: count() }).from(contactSubmissions).where(lt(contactSubmissions.createdAt, receivedBefore));
  const [job] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, RETENTION_JOB_KEY));
  const stamp = (job?.value as { lastRunAt?: unknown } | undefined)?.lastRunAt;
  const lastRunAt = typeof stamp === "string" ? Date.parse(stamp) : Number.NaN;
  const due = Number.isNaN(lastRunAt) ? now.getTime() : Math.max(now.getTime(), lastRunAt + RETENTION_RUN_GAP_HOURS * 3_600_000);
  return { outside: Number(outside?.n ?? 0), receivedBefore, deletedBy: new Date(due + RETENTION_CHECK_EVERY_MS) };
}
