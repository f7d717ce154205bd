import { isAuthApiError, type APIError } from "./auth-api-error.server";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { authUser } from "#app/db/schema";
import { isStaffRole } from "#app/domain/staff-roles";
import { recordStaffSignIn } from "#app/models/staff.server";
import type { AuthApi } from "./lazy-auth.server";
import { recordSuccessfulSignIn, reserveSignInAttempt } from "./auth-throttle.server";
import { upgradePasswordHash } from "./password-hash.server";
import { logSecurityEvent } from "./security-log.server";
import { withSessionAddress } from "./session-address.server";

export type SignInResult =
  /** `twoFactor`: the password was right but the account asks for a code; the headers carry the challenge cookie. */
  | { ok: true; headers: Headers; twoFactor: boolean }
  | { ok: false; status: 400 | 401 | 403; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

export const WRONG_CREDENTIALS = "The e-mail address or password is incorrect.";
export const NOT_STAFF = "This account has no access to the admin area.";
/**
 * Only ever shown after the right password (better-auth refuses a deactivated account when it makes the session,
 * after checking the password), so it tells no more than NOT_STAFF does.
 */
export const DEACTIVATED = "This account has been deactivated. Ask an Owner of the site if you need access again.";

/**
 * Signs a member of staff in, in three steps: take a place in the sign-in limits (auth-throttle.server.ts) before
 * the password is looked at; check the password with better-auth; then keep the session only for staff (Owner,
 * Editor, Sales: any other valid login is signed straight out again, so it cannot linger as a cookie). A success
 * gives its place in the limits back, marks the address as known for the account and upgrades an outdated hash.
 * When the account has two-factor sign-in on, better-auth keeps no session yet: it answers with a short-lived
 * challenge cookie instead, and the second step (auth-sign-in-code.server.ts) checks the code and the role.
 */
export async function signInStaff(
  { db, auth }: { db: Database; auth: AuthApi },
  input: { email: string; password: string; clientAddress: string; requestHeaders: Headers },
): Promise<SignInResult> {
  const who = { email: input.email, address: input.clientAddress };
  const reservation = await reserveSignInAttempt(db, who);
  if (!reservation.allowed) {
    logSecurityEvent("sign-in-throttled", { outcome: "refused", actor: input.email, ip: input.clientAddress, limit: reservation.limit });
    return { ok: false, status: 429, message: reservation.message, retryAfterSeconds: reservation.retryAfterSeconds };
  }
  let signedIn;
  try {
    signedIn = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: withSessionAddress(input.requestHeaders, input.clientAddress),
      returnHeaders: true,
    });
  } catch (error) {
    if (!isAuthApiError(error)) throw error;
    if (isDeactivatedRefusal(error)) {
      await reservation.release();
      logSecurityEvent("sign-in", { outcome: "refused", actor: input.email, ip: input.clientAddress, reason: "deactivated" });
      return { ok: false, status: 403, message: DEACTIVATED };
    }
    logSecurityEvent("sign-in", { outcome: "failure", actor: input.email, ip: input.clientAddress, reason: "wrong e-mail or password" });
    return { ok: false, status: 401, message: WRONG_CREDENTIALS };
  }
  // The password was right: this try is not a guess, whatever the account may do.
  await reservation.release();
  const { headers, response } = signedIn;
  if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
    await upgradePasswordHash(db, await userIdFor(db, input.email), input.password);
    logSecurityEvent("sign-in", { outcome: "success", actor: input.email, ip: input.clientAddress, step: "password", next: "two-factor" });
    return { ok: true, headers, twoFactor: true };
  }
  if (!isStaffRole((response.user as { role?: string | null }).role)) {
    await auth.api.revokeSession({ body: { token: response.token }, headers: cookieHeadersFrom(headers) }).catch(() => undefined);
    logSecurityEvent("sign-in", { outcome: "refused", actor: input.email, ip: input.clientAddress, reason: "not staff" });
    return { ok: false, status: 403, message: NOT_STAFF };
  }
  await recordSuccessfulSignIn(db, who);
  await recordStaffSignIn(db, response.user.id);
  await upgradePasswordHash(db, response.user.id, input.password);
  logSecurityEvent("sign-in", { outcome: "success", actor: input.email, ip: input.clientAddress });
  return { ok: true, headers, twoFactor: false };
}

/** The account behind an e-mail address that has just signed in (better-auth's two-factor answer names no user). */
async function userIdFor(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email.trim().toLowerCase()));
  if (!row) throw new Error("the account that signed in has gone");
  return row.id;
}

/** better-auth's admin plugin refuses a banned (here: deactivated) account with this code. */
export function isDeactivatedRefusal(error: APIError): boolean {
  return (error.body as { code?: string } | undefined)?.code === "BANNED_USER";
}

/** The Cookie header a browser would send back after receiving these Set-Cookie headers. */
export function cookieHeadersFrom(setCookieSource: Headers): Headers {
  const cookies = setCookieSource.getSetCookie().map((cookie) => cookie.split(";")[0]);
  return new Headers({ cookie: cookies.join("; ") });
}
