import { isAuthApiError, type APIError } from "./auth-api-error.server";
import type { Database } from "#app/db/client.server";
import { isStaffRole } from "#app/domain/staff-roles";
import type { SecondStepMethod } from "#app/domain/two-factor-codes";
import { claimSignInCode } from "#app/models/sign-in-codes.server";
import { recordStaffSignIn } from "#app/models/staff.server";
import type { AuthApi } from "./lazy-auth.server";
import { recordSuccessfulSignIn, reserveSignInAttempt, tooManyAttemptsMessage } from "./auth-throttle.server";
import { cookieHeadersFrom, DEACTIVATED, isDeactivatedRefusal, NOT_STAFF } from "./auth-sign-in.server";
import { logSecurityEvent } from "./security-log.server";
import { withSessionAddress } from "./session-address.server";

export type { SecondStepMethod };

export type SecondStepResult =
  | { ok: true; headers: Headers }
  /** `restart`: the challenge has ended (expired, used up or never there); the password must be given again. */
  | { ok: false; status: 400 | 401 | 403; message: string; restart: boolean; headers?: Headers }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number; restart: false };

export const WRONG_CODE = "That code is not right. Check your authenticator app and try again.";
export const WRONG_RECOVERY_CODE = "That recovery code is not right, or it has been used already.";
export const CHALLENGE_ENDED = "Your sign-in has expired. Sign in again with your password.";
export const TOO_MANY_CODES = "Too many wrong codes. Sign in again with your password.";
export const CODE_USED = "That code has been used already. Sign in again with your password, then enter the next code from your authenticator app.";

/**
 * Whether the request carries better-auth's challenge cookie (`better-auth.two_factor`, or with the `__Host-` prefix
 * over HTTPS). Only its presence is looked at here, to send a visitor without one back to the password step; its
 * signature and expiry are better-auth's to check.
 */
export function hasSignInChallenge(headers: Headers): boolean {
  return (headers.get("cookie") ?? "").split(";").some((pair) => /^\s*(__Host-)?better-auth\.two_factor=./.test(pair));
}

/** better-auth's lock after 10 wrong codes in a row lasts at most this long (auth-instance.server.ts). */
const PLUGIN_LOCK_SECONDS = 15 * 60;

/**
 * The second step of a staff sign-in (docs/decisions/0020-two-factor-sign-in.md): a code from the authenticator
 * app, or one of the recovery codes, checked by better-auth's two-factor plugin against the challenge cookie the
 * password step left. Every try takes a place in the same per-address window as passwords (auth-throttle.server.ts)
 * before the code is looked at; a success gives it back. The session is kept only if the account is still staff.
 */
export async function verifySignInCode(
  { db, auth }: { db: Database; auth: AuthApi },
  input: { method: SecondStepMethod; code: string; clientAddress: string; requestHeaders: Headers },
): Promise<SecondStepResult> {
  const ip = input.clientAddress;
  const reservation = await reserveSignInAttempt(db, { email: null, address: ip });
  if (!reservation.allowed) {
    logSecurityEvent("sign-in-throttled", { outcome: "refused", ip, limit: reservation.limit, step: "two-factor" });
    return { ok: false, status: 429, message: reservation.message, retryAfterSeconds: reservation.retryAfterSeconds, restart: false };
  }
  let verified;
  try {
    const call = { headers: withSessionAddress(input.requestHeaders, ip), returnHeaders: true } as const;
    verified =
      input.method === "totp"
        ? await auth.api.verifyTOTP({ ...call, body: { code: input.code } })
        : await auth.api.verifyBackupCode({ ...call, body: { code: input.code } });
  } catch (error) {
    if (!isAuthApiError(error)) throw error;
    if (isDeactivatedRefusal(error)) {
      // Deactivated between the password and the code: the code was right, so the place is given back.
      await reservation.release();
      logSecurityEvent("sign-in", { outcome: "refused", ip, reason: "deactivated", step: "two-factor" });
      return { ok: false, status: 403, message: DEACTIVATED, restart: true, headers: headersOf(error) };
    }
    return refusal(error, input.method, ip);
  }
  const { headers, response } = verified;
  const user = response.user as { id: string; email: string; role?: string | null };
  const revokeNewSession = async () => {
    const token = (response as { token?: string }).token;
    if (token) await auth.api.revokeSession({ body: { token }, headers: cookieHeadersFrom(headers) }).catch(() => undefined);
  };
  // A code that already signed this account in is refused, and its place in the window is kept like a wrong code's.
  if (input.method === "totp" && !(await claimSignInCode(db, user.id, input.code))) {
    await revokeNewSession();
    logSecurityEvent("sign-in", { outcome: "refused", actor: user.email, ip, reason: "code used already", step: "two-factor" });
    return { ok: false, status: 401, message: CODE_USED, restart: true };
  }
  await reservation.release();
  if (!isStaffRole(user.role)) {
    await revokeNewSession();
    logSecurityEvent("sign-in", { outcome: "refused", actor: user.email, ip, reason: "not staff", step: "two-factor" });
    return { ok: false, status: 403, message: NOT_STAFF, restart: true };
  }
  await recordSuccessfulSignIn(db, { email: user.email, address: ip });
  await recordStaffSignIn(db, user.id);
  logSecurityEvent("sign-in", { outcome: "success", actor: user.email, ip, step: "two-factor", method: input.method });
  return { ok: true, headers };
}

/** better-auth's refusals, in the sign-in page's words. The code itself is never logged. */
function refusal(error: APIError, method: SecondStepMethod, ip: string): SecondStepResult {
  const code = (error.body as { code?: string } | undefined)?.code;
  // The plugin expires the challenge cookie itself when it gives up on it; pass that on to the browser.
  const headers = headersOf(error);
  switch (code) {
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
      logSecurityEvent("sign-in", { outcome: "failure", ip, reason: "wrong code", step: "two-factor", method });
      return { ok: false, status: 401, message: method === "totp" ? WRONG_CODE : WRONG_RECOVERY_CODE, restart: false };
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      logSecurityEvent("sign-in", { outcome: "refused", ip, reason: "too many wrong codes for this challenge", step: "two-factor", method });
      return { ok: false, status: 400, message: TOO_MANY_CODES, restart: true, headers };
    case "ACCOUNT_TEMPORARILY_LOCKED":
      logSecurityEvent("sign-in-throttled", { outcome: "refused", ip, limit: "two-factor account lock", step: "two-factor" });
      return { ok: false, status: 429, message: tooManyAttemptsMessage(PLUGIN_LOCK_SECONDS), retryAfterSeconds: PLUGIN_LOCK_SECONDS, restart: false };
    default:
      // No challenge (never signed in with the password, expired after 10 minutes, already used), or a banned account.
      logSecurityEvent("sign-in", {
        outcome: "refused",
        ip,
        reason: code ? code.toLowerCase().replaceAll("_", " ") : "no challenge",
        step: "two-factor",
      });
      return { ok: false, status: 401, message: CHALLENGE_ENDED, restart: true, headers };
  }
}

/**
 * The Set-Cookie headers better-auth gathered before it threw: it keeps them on the error under better-call's
 * well-known symbol (better-auth/dist/api/dispatch.mjs, `mergeAPIErrorHeaders`).
 */
function headersOf(error: APIError): Headers | undefined {
  const gathered = (error as unknown as Record<symbol, Headers | undefined>)[Symbol.for("better-call:api-error-headers")];
  return gathered ? new Headers(gathered) : undefined;
}
