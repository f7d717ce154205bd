import { z } from "zod";
import type { SocialKey } from "./contact-links";
import { isValidEmailAddress } from "./email-address";
import { requiredText } from "./required-text";

/**
 * The values an Owner changes at /edit/settings without a redeploy (docs/decisions/0008). The environment
 * (env.server.ts) gives each one's default; the database keeps only the values an Owner set to something
 * else. One schema, shared by the form in the browser (Conform) and the server.
 */

export const SETTINGS_LIMITS = {
  text: 120,
  hours: 80,
  rateLimit: { min: 1, max: 1000 },
  windowMinutes: { min: 1, max: 1440 },
  retentionMonths: { min: 1, max: 120 },
} as const;

const LINE_BREAK = /[\r\n]/;

const requiredLine = (label: string, max: number = SETTINGS_LIMITS.text) =>
  requiredText(`Enter the ${label}.`)
    .max(max, `The ${label} must be ${max} characters or fewer.`)
    .refine((value) => !LINE_BREAK.test(value), `The ${label} must be on one line.`);

const address = (label: string) =>
  requiredText(`Enter the ${label}.`).refine(isValidEmailAddress, `Enter the ${label} as a full e-mail address, such as concierge@example.com.`);

/** International format: a plus, then 7 to 15 digits; spaces, dots and hyphens may group them. Empty: not shown. */
const PHONE_PATTERN = /^\+\d[\d .-]{5,22}\d$/;
const phone = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine(
      (value) => value === "" || (PHONE_PATTERN.test(value) && value.replace(/\D/g, "").length >= 7 && value.replace(/\D/g, "").length <= 15),
      `Enter the ${label} in international format, starting with + and the country code (for example +91 98765 43210), or leave it empty.`,
    );

function socialUrl(label: string, host: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => {
      if (value === "") return true;
      try {
        const url = new URL(value);
        return url.protocol === "https:" && (url.hostname === host || url.hostname.endsWith(`.${host}`));
      } catch {
        return false;
      }
    }, `Enter the full ${label} address, starting with https://${host}/, or leave it empty.`);
}

const wholeNumber = (label: string, { min, max }: { min: number; max: number }, unit: string) =>
  z.coerce
    .number({ error: `Enter the ${label} as a whole number.` })
    .int(`Enter the ${label} as a whole number.`)
    .min(min, `The ${label} must be between ${min} and ${max} ${unit}.`)
    .max(max, `The ${label} must be between ${min} and ${max} ${unit}.`);

export const siteSettingsSchema = z.object({
  companyName: requiredLine("company name"),
  companyCountry: requiredLine("country"),
  contactEmail: address("public contact e-mail"),
  enquiryMailbox: address("enquiry mailbox"),
  phone: phone("phone number"),
  whatsapp: phone("WhatsApp number"),
  workingHours: requiredLine("working hours", SETTINGS_LIMITS.hours),
  instagramUrl: socialUrl("Instagram", "instagram.com"),
  linkedinUrl: socialUrl("LinkedIn", "linkedin.com"),
  xUrl: socialUrl("X", "x.com"),
  facebookUrl: socialUrl("Facebook", "facebook.com"),
  youtubeUrl: socialUrl("YouTube", "youtube.com"),
  enquiryRateLimit: wholeNumber("enquiry limit", SETTINGS_LIMITS.rateLimit, "enquiries"),
  enquiryRateWindowMinutes: wholeNumber("limit window", SETTINGS_LIMITS.windowMinutes, "minutes"),
  retentionMonths: wholeNumber("retention period", SETTINGS_LIMITS.retentionMonths, "months"),
});

export type SiteSettings = z.output<typeof siteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;
export const SITE_SETTING_KEYS = Object.keys(siteSettingsSchema.shape) as SiteSettingKey[];

/** Labels for the form, the audit trail and the "default from the environment" hints. */
export const SITE_SETTING_LABELS: Record<SiteSettingKey, string> = {
  companyName: "Company name",
  companyCountry: "Country",
  contactEmail: "Public contact e-mail",
  enquiryMailbox: "Enquiry mailbox",
  phone: "Phone",
  whatsapp: "WhatsApp",
  workingHours: "Working hours",
  instagramUrl: "Instagram",
  linkedinUrl: "LinkedIn",
  xUrl: "X",
  facebookUrl: "Facebook",
  youtubeUrl: "YouTube",
  enquiryRateLimit: "Enquiries per visitor",
  enquiryRateWindowMinutes: "Limit window (minutes)",
  retentionMonths: "Keep enquiries for (months)",
};

/** What the public pages show of the settings: no mailbox, limits or retention (those are for staff only). */
export type PublicSettings = Pick<
  SiteSettings,
  "companyName" | "companyCountry" | "contactEmail" | "phone" | "whatsapp" | "workingHours" | SocialKey
> & {
  siteName: string;
};

/**
 * The settings form sends back the values it was loaded with (hidden field `loaded`, JSON), so a save writes only
 * what this form changed and can tell when someone else changed the same field meanwhile (models/settings-form.server.ts).
 * After such a conflict, "Save mine anyway" sends the stored values it chose to replace as `overwrite`.
 */
export const LOADED_SETTINGS_FIELD = "loaded";
export const OVERWRITE_SETTINGS_FIELD = "overwrite";

const loadedSettingsSchema = z.partialRecord(z.enum(SITE_SETTING_KEYS as [SiteSettingKey, ...SiteSettingKey[]]), z.union([z.string(), z.number()]));

/** The values a form was loaded with (or chose to replace), from the JSON it sent; null when missing or garbled. */
export function parseSentSettings(text: unknown): Partial<Record<SiteSettingKey, string | number>> | null {
  if (typeof text !== "string" || text === "") return null;
  try {
    const parsed = loadedSettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A save refused because someone else changed a field it changed: which ones, their stored values, who and when. */
export type SettingsConflict = { fields: SiteSettingKey[]; values: Partial<SiteSettings>; by: string | null; at: string | null };

/**
 * Shortening the retention period makes the daily clean-up delete, for good, the stored enquiries that fall outside
 * the new period. A save that shortens it is answered with a question (how many, and by when) and applied only when
 * it comes back with this field set to the new period, in months: a confirmation given for 12 months does not
 * cover a later save of 6, and a stale or scripted post without it is asked again.
 */
export const CONFIRM_RETENTION_FIELD = "confirmRetention";

/** The period, in months, a post confirmed shortening to (null: none confirmed). */
export function parseConfirmedRetention(value: unknown): number | null {
  return typeof value === "string" && /^\d{1,3}$/.test(value) ? Number(value) : null;
}

/**
 * A save that would shorten the retention period, held until the Owner confirms: from and to (months), how many stored
 * enquiries were received before the new period's start, and when the clean-up will have deleted them at the latest.
 */
export type RetentionShortening = { from: number; to: number; outside: number; receivedBefore: string; deletedBy: string };
