import { eq } from "drizzle-orm";
import type { DbOrTx, Transaction } from "#app/db/client.server";
import { announceChange } from "#app/db/change-bus.server";
import { appSettings } from "#app/db/schema";
import { SITE_SETTING_KEYS, siteSettingsSchema, type SiteSettings } from "#app/domain/site-settings";
import type { Env } from "#app/env.server";
import { changedFields, recordAudit, type AuditActor } from "./audit.server";

/** The app_settings row that holds an Owner's changes (only the values that differ from the environment). */
export const SITE_SETTINGS_KEY = "site-settings";

/** The environment's values: what every setting is until an Owner changes it. */
export function settingsDefaults(env: Env): SiteSettings {
  return {
    companyName: env.COMPANY_NAME,
    companyCountry: env.COMPANY_COUNTRY,
    contactEmail: env.CONTACT_EMAIL,
    enquiryMailbox: env.ENQUIRY_MAILBOX,
    phone: env.CONTACT_PHONE ?? "",
    whatsapp: env.CONTACT_WHATSAPP ?? "",
    workingHours: env.WORKING_HOURS,
    instagramUrl: env.SOCIAL_INSTAGRAM_URL ?? "",
    linkedinUrl: env.SOCIAL_LINKEDIN_URL ?? "",
    xUrl: env.SOCIAL_X_URL ?? "",
    facebookUrl: env.SOCIAL_FACEBOOK_URL ?? "",
    youtubeUrl: env.SOCIAL_YOUTUBE_URL ?? "",
    enquiryRateLimit: env.ENQUIRY_RATE_LIMIT,
    enquiryRateWindowMinutes: Math.max(1, Math.round(env.ENQUIRY_RATE_WINDOW_SECONDS / 60)),
    retentionMonths: env.ENQUIRY_RETENTION_MONTHS,
  };
}

/** The values an Owner set, as stored (not yet checked: mergeSettings does that). */
export async function readOverrides(db: DbOrTx): Promise<Partial<SiteSettings>> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SITE_SETTINGS_KEY));
  return row && typeof row.value === "object" && row.value !== null ? row.value : {};
}

/**
 * The settings in force: each stored value that still passes the schema, else the environment's. A value
 * stored by an older version that no longer validates falls back instead of breaking every page.
 */
export function mergeSettings(defaults: SiteSettings, overrides: Partial<SiteSettings>): SiteSettings {
  const merged: Record<string, unknown> = { ...defaults };
  for (const key of SITE_SETTING_KEYS) {
    if (!(key in overrides)) continue;
    const checked = siteSettingsSchema.shape[key].safeParse(overrides[key]);
    if (checked.success) merged[key] = checked.data;
  }
  return merged as SiteSettings;
}

export async function loadSettings(db: DbOrTx, env: Env): Promise<SiteSettings> {
  return mergeSettings(settingsDefaults(env), await readOverrides(db));
}

/**
 * Stores `after` in place of `before` (only the values that differ from the environment's defaults, so a value set
 * back to the default follows the environment again), records the before and after of each changed field in the
 * audit trail and tells every app process (topic `settings`), in the caller's transaction. Returns the changes, and
 * writes nothing when there are none. Callers hold the lock (saveSettingsForm in settings-form.server.ts).
 */
export async function writeSettings(tx: Transaction, defaults: SiteSettings, actor: AuditActor, before: SiteSettings, after: SiteSettings) {
  const changes = changedFields(before, after, SITE_SETTING_KEYS);
  if (Object.keys(changes).length === 0) return changes;
  const overrides = Object.fromEntries(SITE_SETTING_KEYS.filter((key) => after[key] !== defaults[key]).map((key) => [key, after[key]]));
  await tx
    .insert(appSettings)
    .values({ key: SITE_SETTINGS_KEY, value: overrides })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: overrides, updatedAt: new Date() } });
  await recordAudit(tx, { actor, kind: "settings", action: "updated", subjectLabel: "Site settings", changes });
  await announceChange(tx, "settings", SITE_SETTINGS_KEY);
  return changes;
}
