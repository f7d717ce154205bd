import type { DatabaseHandle, Database } from "#app/db/client.server";
import { startChangeBus, createLocalChangeBus, type ChangeBus } from "#app/db/change-bus.server";
import type { Env } from "#app/env.server";
import { createContentCache, type ContentCache } from "#app/models/content-blocks.server";
import { createEnquiryRuntime, type EnquiryRuntime } from "./enquiry-runtime.server";
import { createLiveEnquiries, type LiveEnquiries } from "./live-enquiries.server";
import { lazyAuthPair, type AuthApi } from "./lazy-auth.server";
import { createListingsCache, type ListingsCache } from "./listings-cache.server";
import { logger } from "./logger.server";
import { startOutboxWorker, type DeliveryOutcome, type OutboxWorker } from "./mail/outbox-worker.server";
import { startRetentionJob } from "./retention-job.server";
import { coinGeckoProvider } from "./rates/rates-provider.server";
import { createRatesService, type RatesService } from "./rates/rates-service.server";
import { startRatesWorker } from "./rates/rates-worker.server";
import { createSettingsService, type SettingsService } from "./settings.server";
import { NO_TRANSPORT_HINT, transportFromEnv } from "./mail/transport-from-env.server";
import type { MailTransport } from "./mail/transport.server";
import { storageFromEnv } from "./storage/storage-from-env.server";
import type { Storage } from "./storage/storage.server";
import { createViewRecorder, type ViewRecorder } from "./view-recorder.server";

/**
 * Everything a loader or action may need besides the request, made once per app process and handed to
 * every request through the router context (app/db/context.ts). Nothing here is a module-level singleton,
 * so a test builds its own set around its own database, storage folder or mail server.
 */
export type AppServices = {
  db: Database;
  env: Env;
  /** Uploaded files: local disk or S3. */
  storage: Storage;
  /** better-auth, for staff sessions, loaded on first use. The host hands requests that came over HTTPS `secureAuth` as `auth`. */
  auth: AuthApi;
  /** The same with __Host- Secure cookies (auth-instance.server.ts). */
  secureAuth: AuthApi;
  /** Change notices from every app process (LISTEN/NOTIFY). */
  changes: ChangeBus;
  contentCache: ContentCache;
  /** The home page's listings (carousel, Trending Now) and the sitemap, dropped on every listings change. */
  listingsCache: ListingsCache;
  /** Counts listing views in batches, off the request path. */
  views: ViewRecorder;
  enquiries: EnquiryRuntime;
  /**
   * The e-mail outbox: wake() sends what was just queued instead of waiting for the next poll;
   * deliverSoon() sends one message first and says whether it went out in time ("pending" with no transport).
   */
  outbox: { wake(): void; deliverSoon(outboxId: string, timeoutMs: number): Promise<DeliveryOutcome>; readonly canSend: boolean };
  /** The site's settings (/edit/settings), the same on every process at once. */
  settings: SettingsService;
  /** The live bell: open admin pages hear the unopened-enquiry count as it changes. */
  live: LiveEnquiries;
  /** Exchange rates for prices in other currencies and coins, fetched by one process on a schedule (never per visitor). */
  rates: RatesService;
};

export type AppServicesOptions = {
  database: DatabaseHandle;
  env: Env;
  /** Replaces the storage the settings choose (tests). */
  storage?: Storage;
  /** Replaces the mail transport the settings choose; null sends nothing (messages stay in the outbox). */
  transport?: MailTransport | null;
  /** Background work (the outbox worker, LISTEN); off in unit tests that drive these themselves. */
  background?: boolean;
};

export type RunningServices = { services: AppServices; stop: () => Promise<void> };

export async function createAppServices(options: AppServicesOptions): Promise<RunningServices> {
  const { database, env, background = true } = options;
  const changes = background ? await startChangeBus(database) : createLocalChangeBus();
  const contentCache = createContentCache(changes);
  const listingsCache = createListingsCache(changes);
  const views = createViewRecorder({ db: database.db, enabled: env.LISTING_VIEWS });
  const enquiries = createEnquiryRuntime(env);
  const settings = createSettingsService({ db: database.db, env, changes });
  const live = createLiveEnquiries({ db: database.db, changes });
  const rates = createRatesService({ db: database.db, env, changes });
  const readSettings = () => settings.current();
  let retention: { stop(): void } | undefined;
  let ratesWorker: { stop(): void } | undefined;
  // Open event streams would hold a graceful shutdown for its whole grace period: end them at once, the
  // browsers reconnect (to another process behind a load balancer, or to this one after its restart).
  const endStreams = () => live.closeAll();
  const transport = options.transport === undefined ? await transportFromEnv(env) : (options.transport ?? undefined);
  let worker: OutboxWorker | undefined;
  if (background) {
    logger.info(
      { mail: transport?.name ?? "none", turnstile: Boolean(enquiries.turnstile), rateLimitStore: env.REDIS_URL ? "redis" : "memory" },
      "enquiry services ready",
    );
    if (!transport) logger.warn(NO_TRANSPORT_HINT);
    // The outbox worker also sends what earlier runs left in the outbox.
    else
      worker = startOutboxWorker({
        db: database.db,
        env,
        transport,
        settings: readSettings,
      });
    retention = startRetentionJob(database.db, readSettings);
    const ratesProvider = coinGeckoProvider({ url: env.RATES_API_URL, apiKey: env.RATES_API_KEY, timeoutMs: env.RATES_TIMEOUT_SECONDS * 1000 });
    ratesWorker = startRatesWorker(database.db, ratesProvider, env.RATES_REFRESH_SECONDS);
    process.on("SIGTERM", endStreams);
    process.on("SIGINT", endStreams);
  }
  const services: AppServices = {
    db: database.db,
    env,
    storage: options.storage ?? (await storageFromEnv(env)),
    ...lazyAuthPair(database.db, env),
    changes,
    contentCache,
    listingsCache,
    views,
    enquiries,
    outbox: {
      wake: () => worker?.wake(),
      deliverSoon: (outboxId, timeoutMs) => worker?.deliverSoon(outboxId, timeoutMs) ?? Promise.resolve("pending"),
      get canSend() {
        return worker !== undefined;
      },
    },
    settings,
    live,
    rates,
  };
  return {
    services,
    stop: async () => {
      process.off("SIGTERM", endStreams);
      process.off("SIGINT", endStreams);
      live.closeAll();
      live.dispose();
      retention?.stop();
      ratesWorker?.stop();
      rates.dispose();
      settings.dispose();
      await worker?.stop();
      await views.stop();
      listingsCache.dispose();
      await enquiries.limiter.close();
      contentCache.dispose();
      await changes.close();
    },
  };
}
