import type { DatabaseHandle, Database } from "#app/db/client.server";
import { startChangeBus, createLocalChangeBus, type ChangeBus } from "#app/db/change-bus.server";
import type { Env } from "#app/env.server";
import { createContentCache, type ContentCache } from "#app/models/content-blocks.server";
import { createAuthForDatabase, type Auth } from "./auth-instance.server";
import { createEnquiryRuntime, type EnquiryRuntime } from "./enquiry-runtime.server";
import { logger } from "./logger.server";
import { startOutboxWorker, type OutboxWorker } from "./mail/outbox-worker.server";
import { NO_TRANSPORT_HINT, transportFromEnv } from "./mail/transport-from-env.server";
import type { MailTransport } from "./mail/transport.server";
import { storageFromEnv } from "./storage/storage-from-env.server";
import type { Storage } from "./storage/storage.server";

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
  /** better-auth, for staff sessions. */
  auth: Auth;
  /** Change notices from every app process (LISTEN/NOTIFY). */
  changes: ChangeBus;
  contentCache: ContentCache;
  enquiries: EnquiryRuntime;
  /** The e-mail outbox: wake() sends what was just queued instead of waiting for the next poll. */
  outbox: { wake(): void };
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
  const enquiries = createEnquiryRuntime(env);
  const transport = options.transport === undefined ? transportFromEnv(env) : (options.transport ?? undefined);
  let worker: OutboxWorker | undefined;
  if (background) {
    logger.info(
      { mail: transport?.name ?? "none", turnstile: Boolean(enquiries.turnstile), rateLimitStore: env.REDIS_URL ? "redis" : "memory" },
      "enquiry services ready",
    );
    if (!transport) logger.warn(NO_TRANSPORT_HINT);
    // The outbox worker also sends what earlier runs left in the outbox.
    else worker = startOutboxWorker({ db: database.db, env, transport });
  }
  const services: AppServices = {
    db: database.db,
    env,
    storage: options.storage ?? storageFromEnv(env),
    auth: await createAuthForDatabase(database.db, env),
    changes,
    contentCache,
    enquiries,
    outbox: { wake: () => worker?.wake() },
  };
  return {
    services,
    stop: async () => {
      await worker?.stop();
      await enquiries.limiter.close();
      contentCache.dispose();
      await changes.close();
    },
  };
}
