import { APIError } from "better-auth/api";
import type { Database } from "#app/db/client.server";
import { isStaffRole } from "#app/domain/staff-roles";
import type { Auth } from "./auth-instance.server";
import { checkSignInAllowed, clearSignInFailures, recordFailedSignIn } from "./auth-throttle.server";

export type SignInResult = { ok: true; headers: Headers } | { ok: false; status: 400 | 401 | 403 | 429; message: string };

export const WRONG_CREDENTIALS = "The e-mail address or password is incorrect.";
export const NOT_STAFF = "This account has no access to the admin area.";

/**
 * Signs a member of staff in: throttled per client address, and only staff (Owner, Editor, Sales) keep a
 * session (any other valid login is signed straight out again, so it cannot linger as a cookie).
 */
export async function signInStaff(
  { db, auth }: { db: Database; auth: Auth },
  input: { email: string; password: string; clientAddress: string; requestHeaders: Headers },
): Promise<SignInResult> {
  const verdict = await checkSignInAllowed(db, input.clientAddress);
  if (!verdict.allowed) return { ok: false, status: 429, message: verdict.message };
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: input.requestHeaders,
      returnHeaders: true,
    });
    if (!isStaffRole((response.user as { role?: string | null }).role)) {
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
