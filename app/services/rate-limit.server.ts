import type { createClient } from "redis";
import { logger } from "#app/services/logger.server";

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

export type HitOptions = {
  /** Limits in force now (the Settings screen can change them while the app runs); default: the limiter's own. */
  limit?: number;
  windowSeconds?: number;
  /**
   * What is being counted, e.g. a form's submission id: a second hit with the same token in the same window
   * is not counted again (a reload or a retry of the same form is one enquiry, not two).
   */
  token?: string;
};

/** Counts hits per key in fixed windows. */
export type RateLimiter = {
  hit(key: string, options?: HitOptions): Promise<RateDecision>;
  close(): Promise<void>;
};

export type RateLimitOptions = { limit: number; windowSeconds: number; now?: () => number };

/** One process's memory: right for a single instance; use Redis when several share the traffic. */
export function memoryRateLimiter({ limit: defaultLimit, windowSeconds: defaultWindow, now = Date.now }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number; tokens: Set<string> }>();
  return {
    async hit(key, { limit = defaultLimit, windowSeconds = defaultWindow, token } = {}) {
      const time = now();
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowSeconds * 1000, tokens: new Set() };
        windows.set(key, window);
      }
      if (token === undefined || !window.tokens.has(token)) {
        window.count += 1;
        if (token !== undefined) window.tokens.add(token);
      }
      return { allowed: window.count <= limit, retryAfterSeconds: Math.ceil((window.resetAt - time) / 1000) };
    },
    async close() {
      windows.clear();
    },
  };
}

/**
 * Shared counters in Redis (INCR + EXPIRE), so every app process sees the same limit. If Redis is
 * unreachable the request is let through and logged: losing an enquiry is worse than a missed limit,
 * and the honeypot and Turnstile still apply.
 */
export function redisRateLimiter({
  url,
  limit: defaultLimit,
  windowSeconds: defaultWindow,
  prefix = "ws:rl:",
}: RateLimitOptions & { url: string; prefix?: string }): RateLimiter {
  // The client library is loaded with the first hit, not at start-up (the module alone weighs 12 MB).
  let client: RedisClient | undefined;
  let firstConnection: Promise<unknown> | undefined;
  async function ready(): Promise<RedisClient | null> {
    // The first request waits up to a second for the connection; later ones never wait on an outage.
    firstConnection ??= import("redis").then(({ createClient }) => {
      client = createClient({
        url,
        // Commands fail at once while disconnected instead of queueing behind a dead connection.
        disableOfflineQueue: true,
        socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) },
      });
      client.on("error", (error: Error) => logger.warn({ err: error.message }, "redis rate-limit store error"));
      return Promise.race([client.connect().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    });
    await firstConnection;
    return client?.isReady ? client : null;
  }
  return {
    async hit(key, { limit = defaultLimit, windowSeconds = defaultWindow, token } = {}) {
      try {
        const client = await ready();
        if (!client) throw new Error("not connected");
        const redisKey = `${prefix}${key}`;
        if (token !== undefined) {
          // The tokens counted in this window live beside the counter and expire with it.
          const tokensKey = `${redisKey}:tokens`;
          const added = await client.sAdd(tokensKey, token);
          if ((await client.ttl(tokensKey)) < 0) await client.expire(tokensKey, windowSeconds);
          if (added === 0) {
            const seen = Number((await client.get(redisKey)) ?? 0);
            const ttl = await client.ttl(redisKey);
            return { allowed: seen <= limit, retryAfterSeconds: ttl > 0 ? ttl : windowSeconds };
          }
        }
        const count = await client.incr(redisKey);
        let ttl = await client.ttl(redisKey);
        // A new key, or one whose EXPIRE was lost (crash between the two calls), gets the window.
        if (count === 1 || ttl < 0) {
          await client.expire(redisKey, windowSeconds);
          ttl = windowSeconds;
        }
        return { allowed: count <= limit, retryAfterSeconds: ttl };
      } catch (error) {
        logger.warn({ err: error instanceof Error ? error.message : error }, "rate limit not checked: redis unavailable");
        return { allowed: true, retryAfterSeconds: 0 };
      }
    },
    async close() {
      if (!client) return;
      if (client.isReady) await client.quit().catch(() => {});
      else client.destroy();
    },
  };
}

type RedisClient = ReturnType<typeof createClient>;
