import { createClient } from "redis";
import { logger } from "#app/services/logger.server";

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/** Counts hits per key in fixed windows. */
export type RateLimiter = {
  hit(key: string): Promise<RateDecision>;
  close(): Promise<void>;
};

export type RateLimitOptions = { limit: number; windowSeconds: number; now?: () => number };

/** One process's memory: right for a single instance; use Redis when several share the traffic. */
export function memoryRateLimiter({ limit, windowSeconds, now = Date.now }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key) {
      const time = now();
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= time) windows.delete(k);
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
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
export function redisRateLimiter({ url, limit, windowSeconds, prefix = "ws:rl:" }: RateLimitOptions & { url: string; prefix?: string }): RateLimiter {
  const client = createClient({
    url,
    // Commands fail at once while disconnected instead of queueing behind a dead connection.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(retries * 200, 2_000) },
  });
  client.on("error", (error: Error) => logger.warn({ err: error.message }, "redis rate-limit store error"));
  let firstConnection: Promise<unknown> | undefined;
  async function ready(): Promise<boolean> {
    // The first request waits up to a second for the connection; later ones never wait on an outage.
    firstConnection ??= Promise.race([client.connect().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    await firstConnection;
    return client.isReady;
  }
  return {
    async hit(key) {
      try {
        if (!(await ready())) throw new Error("not connected");
        const redisKey = `${prefix}${key}`;
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
      if (client.isReady) await client.quit().catch(() => {});
      else client.destroy();
    },
  };
}
