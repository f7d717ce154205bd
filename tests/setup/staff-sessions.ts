import type { StaffRole } from "#app/domain/staff-roles";
import type { AppServices } from "#app/services/app-services.server";

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * Creates an account with the given role (any string: "user" stands for a non-staff account) through
 * better-auth, signs it in and returns its session cookie.
 */
export async function sessionCookieFor(
  { auth }: Pick<AppServices, "auth">,
  account: { email: string; password?: string; name?: string; role: StaffRole | "user" },
): Promise<string> {
  const password = account.password ?? "a long test password";
  await auth.api.createUser({ body: { email: account.email, password, name: account.name ?? account.email, role: account.role } });
  const signedIn = await auth.api.signInEmail({ body: { email: account.email, password }, headers: new Headers(), returnHeaders: true });
  return cookieFrom(signedIn.headers);
}
