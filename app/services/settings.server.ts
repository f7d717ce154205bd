import type { ChangeBus } from "#app/db/change-bus.server";
import type { Database } from "#app/db/client.server";
import type { PublicSettings, SiteSettings } from "#app/domain/site-settings";
import type { Env } from "#app/env.server";
import { loadSettings } from "#app/models/site-settings.server";

export type SettingsService = {
  /** The settings in force, from memory; read again from the database after any change on any process. */
  current(): Promise<SiteSettings>;
  dispose(): void;
};

/**
 * Keeps the site's settings in memory and drops them whenever the change bus says `settings` changed (on
 * this process or another, or when notices may have been missed), so every process applies an Owner's
 * change at once without reading the database on every request.
 */
export function createSettingsService({ db, env, changes }: { db: Database; env: Env; changes: ChangeBus }): SettingsService {
  let cached: Promise<SiteSettings> | undefined;
  let lastGood: SiteSettings | undefined;
  let generation = 0;
  const unsubscribe = changes.subscribe("settings", () => {
    generation++;
    cached = undefined;
  });
  return {
    current() {
      if (cached) return cached;
      const started = generation;
      // While the database is unreachable the last settings read stay in force (pages and the enquiry form
      // keep working); a failed read is not kept, so the next request tries again.
      const loading = loadSettings(db, env).then(
        (settings) => {
          lastGood = settings;
          // A read that a change overtook is used once but not kept.
          if (generation !== started && cached === loading) cached = undefined;
          return settings;
        },
        (error: unknown) => {
          if (cached === loading) cached = undefined;
          if (lastGood) return lastGood;
          throw error;
        },
      );
      cached = loading;
      return loading;
    },
    dispose: unsubscribe,
  };
}

/** The part of the settings the public pages show. */
export function publicSettings(env: Env, settings: SiteSettings): PublicSettings {
  const { companyName, companyCountry, contactEmail, phone, whatsapp, workingHours, instagramUrl, linkedinUrl, xUrl, facebookUrl, youtubeUrl } =
    settings;
  return {
    siteName: env.SITE_NAME,
    companyName,
    companyCountry,
    contactEmail,
    phone,
    whatsapp,
    workingHours,
    instagramUrl,
    linkedinUrl,
    xUrl,
    facebookUrl,
    youtubeUrl,
  };
}
