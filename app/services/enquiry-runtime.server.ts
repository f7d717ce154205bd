import type { Env } from "#app/env.server";
import { turnstileFromEnv, type TurnstileConfig } from "./captcha.server";
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from "./rate-limit.server";

/** The per-process parts of the enquiry feature: the rate limiter and the Turnstile settings. */
export type EnquiryRuntime = { limiter: RateLimiter; turnstile?: TurnstileConfig };

export function createEnquiryRuntime(env: Env): EnquiryRuntime {
  return {
    limiter: env.REDIS_URL
      ? redisRateLimiter({ url: env.REDIS_URL, limit: env.ENQUIRY_RATE_LIMIT, windowSeconds: env.ENQUIRY_RATE_WINDOW_SECONDS })
      : memoryRateLimiter({ limit: env.ENQUIRY_RATE_LIMIT, windowSeconds: env.ENQUIRY_RATE_WINDOW_SECONDS }),
    turnstile: turnstileFromEnv(env),
  };
}
