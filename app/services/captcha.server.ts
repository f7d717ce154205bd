import type { Env } from "#app/env.server";

/** Cloudflare Turnstile, checked on the server: a token must be valid, fresh, and from our site and form. */
export type TurnstileConfig = {
  secretKey: string;
  verifyUrl: string;
  /** Host the widget must have been solved on; unset: the request's own host. */
  expectedHostname?: string;
};

export type CaptchaResult = { ok: true } | { ok: false; reason: string };

/** The field Turnstile's widget adds to the form it sits in. */
export const TURNSTILE_FIELD = "cf-turnstile-response";

export function turnstileFromEnv(env: Env): TurnstileConfig | undefined {
  if (Boolean(env.TURNSTILE_SITE_KEY) !== Boolean(env.TURNSTILE_SECRET_KEY)) {
    throw new Error("Invalid settings: set both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY, or neither.");
  }
  if (!env.TURNSTILE_SECRET_KEY) return undefined;
  return {
    secretKey: env.TURNSTILE_SECRET_KEY,
    verifyUrl: env.TURNSTILE_VERIFY_URL,
    expectedHostname: env.SITE_URL ? new URL(env.SITE_URL).hostname : undefined,
  };
}

type SiteverifyResponse = { success?: boolean; hostname?: string; action?: string; "error-codes"?: string[] };

/** Asks Turnstile's siteverify endpoint about a token. Fails closed: no answer means no pass. */
export async function verifyTurnstile(
  config: TurnstileConfig,
  {
    token,
    action,
    remoteIp,
    requestHostname,
    idempotencyKey,
  }: { token: string; action: string; remoteIp?: string; requestHostname: string; idempotencyKey?: string },
): Promise<CaptchaResult> {
  if (!token) return { ok: false, reason: "missing token" };
  if (token.length > 2048) return { ok: false, reason: "token too long" };
  const body = new URLSearchParams({ secret: config.secretKey, response: token });
  if (remoteIp && remoteIp !== "unknown") body.set("remoteip", remoteIp);
  if (idempotencyKey) body.set("idempotency_key", idempotencyKey);
  let answer: SiteverifyResponse;
  try {
    const response = await fetch(config.verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(8_000) });
    if (!response.ok) return { ok: false, reason: `siteverify answered ${response.status}` };
    answer = (await response.json()) as SiteverifyResponse;
  } catch (error) {
    return { ok: false, reason: `siteverify unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!answer.success) return { ok: false, reason: `rejected: ${(answer["error-codes"] ?? []).join(", ") || "no reason given"}` };
  const hostname = config.expectedHostname ?? requestHostname;
  if (answer.hostname !== hostname) return { ok: false, reason: `solved on ${answer.hostname}, expected ${hostname}` };
  if (answer.action !== action) return { ok: false, reason: `action ${answer.action}, expected ${action}` };
  return { ok: true };
}
