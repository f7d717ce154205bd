import { APIError } from "better-auth/api";
import type { Database } from "#app/db/client.server";
import type { Env } from "#app/env.server";
import { getAuth } from "./auth-instance.server";
import { checkSignInAllowed, clearSignInFailures, recordFailedSignIn } from "./auth-throttle.server";

export type SignInResult = { ok: true; headers: Headers } | { ok: false; status: 400 | 401 | 403 | 429; message: string };

export const WRONG_CREDENTIALS = "The e-mail address or password is incorrect.";
export const NOT_STAFF = "This account has no access to the admin area.";

/**
 * Signs a member of staff in: throttled per client address, and only administrators keep a session
 * (a valid non-admin login is signed straight out again, so it cannot linger as a cookie).
 */
export async function signInStaff(
  db: Database,
  env: Env,
  input: { email: string; password: string; clientAddress: string; requestHeaders: Headers },
): Promise<SignInResult> {
  const verdict = await checkSignInAllowed(db, input.clientAddress);
  if (!verdict.allowed) return { ok: false, status: 429, message: verdict.message };
  const auth = await getAuth(db, env);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: input.requestHeaders,
      returnHeaders: true,
    });
    if ((response.user as { role?: string | null }).role !== "admin") {
      await auth.api.revokeSession({ body: { token: response.token }, headers: cookieHeadersFrom(headers) }).catch(() => undefined);
      return { ok: false, status: 403, message: NOT_STAFF };
    }
    await clearSignInFailures(db, input.clientAddress);
    return { ok: true, headers };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    await recordFailedSignIn(db, input.clientAddress);
    return { ok: false, status: 401, message: WRONG_CREDENTIALS };
  }
}

/** The Cookie header a browser would send back after receiving these Set-Cookie headers. */
function cookieHeadersFrom(setCookieSource: Headers): Headers {
  const cookies = setCookieSource.getSetCookie().map((cookie) => cookie.split(";")[0]);
  return new Headers({ cookie: cookies.join("; ") });
}
