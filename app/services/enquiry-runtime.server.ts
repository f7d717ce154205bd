import type { Database } from "#app/db/client.server";
import type { Env } from "#app/env.server";
import { turnstileFromEnv, type TurnstileConfig } from "./captcha.server";
import { logger } from "./logger.server";
import { startOutboxWorker, type OutboxWorker } from "./mail/outbox-worker.server";
import { NO_TRANSPORT_HINT, transportFromEnv } from "./mail/transport-from-env.server";
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from "./rate-limit.server";

/**
 * The per-process parts of the enquiry feature: the rate limiter, the Turnstile settings and the
 * outbox worker. Kept on globalThis so a dev-mode module reload shares them instead of doubling them.
 */
type Runtime = { limiter: RateLimiter; turnstile?: TurnstileConfig; worker?: OutboxWorker };
const KEY = Symbol.for("white-streams.enquiries");
type Globals = { [KEY]?: Runtime };

export function enquiryRuntime(env: Env): Runtime {
  const globals = globalThis as Globals;
  globals[KEY] ??= {
    limiter: env.REDIS_URL
      ? redisRateLimiter({ url: env.REDIS_URL, limit: env.ENQUIRY_RATE_LIMIT, windowSeconds: env.ENQUIRY_RATE_WINDOW_SECONDS })
      : memoryRateLimiter({ limit: env.ENQUIRY_RATE_LIMIT, windowSeconds: env.ENQUIRY_RATE_WINDOW_SECONDS }),
    turnstile: turnstileFromEnv(env),
  };
  return globals[KEY];
}

/** Called by server/app.ts once the database is ready; the returned stop() runs on shutdown. */
export function startEnquiryServices(db: Database, env: Env): { stop(): Promise<void> } {
  const runtime = enquiryRuntime(env);
  const transport = transportFromEnv(env);
  logger.info(
    { mail: transport?.name ?? "none", turnstile: Boolean(runtime.turnstile), rateLimitStore: env.REDIS_URL ? "redis" : "memory" },
    "enquiry services ready",
  );
  if (transport?.cannotSend?.size)
    logger.warn({ kinds: [...transport.cannotSend] }, `the ${transport.name} transport cannot send these messages; they will be skipped`);
  if (!transport) logger.warn(NO_TRANSPORT_HINT);
  else runtime.worker ??= startOutboxWorker({ db, env, transport });
  return {
    async stop() {
      await runtime.worker?.stop();
      runtime.worker = undefined;
      await runtime.limiter.close();
      delete (globalThis as Globals)[KEY];
    },
  };
}
