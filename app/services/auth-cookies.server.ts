import { cookiePairs } from "#app/domain/cookie-pairs";

/**
 * The names of better-auth's cookies, kept apart from the instance (auth-instance.server.ts) so that a request can be
 * told to carry no session without loading better-auth (docs/decisions/0036-better-auth-on-first-use.md).
 */
export const AUTH_COOKIE_PREFIX = { plain: "better-auth", secure: "__Host-better-auth" } as const;

const SESSION_TOKEN_COOKIES = new Set(Object.values(AUTH_COOKIE_PREFIX).map((prefix) => `${prefix}.session_token`));

/**
 * Whether these headers carry a session cookie with a value, under either instance's name. Without one there is no
 * session to look up: the sign-in page and a signed-out visit to /edit need no better-auth.
 */
export function carriesSessionCookie(headers: Headers): boolean {
  return cookiePairs(headers.get("cookie")).some(([name, value]) => SESSION_TOKEN_COOKIES.has(name) && value !== "");
}
