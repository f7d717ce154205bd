/**
 * When the enquiry retention clean-up runs and what it deletes, in one place: the job (services/retention-job.server.ts)
 * runs by it, and the settings screen's question before a shorter period (models/retention-preview.server.ts) tells
 * the Owner by it what will be deleted and by when.
 */

/** The job's row in app_settings: `{ lastRunAt }`, written when a process claims the day's run. */
export const RETENTION_JOB_KEY = "retention-job";
/** A run is claimed when the last one is more than this many hours old... */
export const RETENTION_RUN_GAP_HOURS = 23;
/** ...and every app process checks once an hour (the first check a minute after it starts). */
export const RETENTION_CHECK_EVERY_MS = 60 * 60 * 1000;

/** The start of a retention period of `months` ending now: enquiries received before it are deleted. */
export function retentionCutoff(months: number, now = new Date()): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}
