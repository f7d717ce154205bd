import { desc, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "#app/db/client.server";
import { auditEvents } from "#app/db/schema";
import { SITE_SETTING_KEYS, type RetentionShortening, type SiteSettingKey, type SiteSettings } from "#app/domain/site-settings";
import type { Env } from "#app/env.server";
import type { AuditActor } from "./audit.server";
import { previewRetention } from "./retention-preview.server";
import { mergeSettings, readOverrides, settingsDefaults, SITE_SETTINGS_KEY, writeSettings } from "./site-settings.server";

/**
 * Saving the settings form at /edit/settings when several Owners have it open (the same idea as the listing
 * editor's versions, docs/decisions/0010, but per field: the settings are unrelated values, so two Owners who
 * change different ones must both be saved). The form carries the values it was loaded with; a save writes only
 * the fields it changed, and is refused when one of them was changed by someone else since.
 */

/** The values a form was loaded with, as it sends them back (numbers may come back as text). */
export type LoadedSettings = Partial<Record<SiteSettingKey, string | number>>;

/** A save that would replace someone else's newer value of a field this form changed: refused, nothing written. */
export class SettingsConflictError extends Error {
  constructor(
    readonly fields: SiteSettingKey[],
    /** The stored values of those fields now, and who saved last and when (null when no save is recorded). */
    readonly current: { values: Partial<SiteSettings>; by: string | null; at: Date | null },
  ) {
    super("Some settings were changed while you were editing them.");
    this.name = "SettingsConflictError";
  }
}

/** A save that would shorten the retention period without the Owner's confirmation of that period: nothing written. */
export class RetentionConfirmationNeeded extends Error {
  constructor(readonly shortening: RetentionShortening) {
    super(`Shortening the retention period to ${shortening.to} months needs confirming.`);
    this.name = "RetentionConfirmationNeeded";
  }
}

const same = (a: string | number | undefined, b: string | number | undefined) => String(a ?? "") === String(b ?? "");

/** The fields whose submitted value differs from the one the form was loaded with (a field it did not show: unchanged). */
export function fieldsChangedByForm(loaded: LoadedSettings, submitted: SiteSettings): SiteSettingKey[] {
  return SITE_SETTING_KEYS.filter((key) => key in loaded && !same(loaded[key], submitted[key]));
}

/**
 * Saves the fields this form changed, leaving every other field as stored now. `loaded` is what the form showed
 * when it was opened (after a conflict, with the stored values the Owner chose to replace). A save that shortens the
 * retention period needs `confirmedRetentionMonths` to be that new period (site-settings.ts, CONFIRM_RETENTION_FIELD).
 * Returns the changes this save made (empty when it made none, and then nothing is written).
 */
export async function saveSettingsForm(
  db: Database,
  env: Env,
  actor: AuditActor,
  loaded: LoadedSettings,
  submitted: SiteSettings,
  { confirmedRetentionMonths = null, now = new Date() }: { confirmedRetentionMonths?: number | null; now?: Date } = {},
) {
  return db.transaction(async (tx) => {
    // One save at a time, also before the row exists (a row lock would not hold anything then).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SITE_SETTINGS_KEY}))`);
    const defaults = settingsDefaults(env);
    const before = mergeSettings(defaults, await readOverrides(tx));
    const edited = fieldsChangedByForm(loaded, submitted);
    // Someone else setting the very value this form sets is no conflict.
    const overtaken = edited.filter((key) => !same(before[key], loaded[key]) && !same(before[key], submitted[key]));
    if (overtaken.length > 0) {
      const values = Object.fromEntries(overtaken.map((key) => [key, before[key]])) as Partial<SiteSettings>;
      throw new SettingsConflictError(overtaken, { values, ...(await lastSettingsSave(tx, overtaken)) });
    }
    const after: SiteSettings = { ...before, ...Object.fromEntries(edited.map((key) => [key, submitted[key]])) };
    // Compared with the stored period, under the lock: what this save would really shorten, whatever the form showed.
    if (after.retentionMonths < before.retentionMonths && confirmedRetentionMonths !== after.retentionMonths) {
      const { outside, receivedBefore, deletedBy } = await previewRetention(tx, after.retentionMonths, now);
      throw new RetentionConfirmationNeeded({
        from: before.retentionMonths,
        to: after.retentionMonths,
        outside,
        receivedBefore: receivedBefore.toISOString(),
        deletedBy: deletedBy.toISOString(),
      });
    }
    return writeSettings(tx, defaults, actor, before, after);
  });
}

/** Who last saved one of these fields, and when, for the conflict message (from the audit trail). */
async function lastSettingsSave(tx: Transaction, fields: SiteSettingKey[]): Promise<{ by: string | null; at: Date | null }> {
  const recent = await tx
    .select({ by: auditEvents.actorLabel, at: auditEvents.at, changes: auditEvents.changes })
    .from(auditEvents)
    .where(eq(auditEvents.kind, "settings"))
    .orderBy(desc(auditEvents.at))
    .limit(50);
  const event = recent.find((entry) => fields.some((field) => field in entry.changes));
  return event ? { by: event.by, at: event.at } : { by: null, at: null };
}
