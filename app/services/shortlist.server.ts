import { createCookie } from "react-router";
import { cleanShortlist, SHORTLIST_COOKIE } from "#app/domain/shortlist";

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * The visitor's shortlist, in their own browser only (docs/decisions/0027): listing ids, nothing about the
 * person. Unsigned on purpose: whatever a visitor writes there is cleaned to valid ids on every read, and
 * only public listings are ever shown. Http-only: the page's script never needs to read it (the hearts and
 * the count update optimistically from the form they post).
 */
function shortlistCookie(secure: boolean) {
  return createCookie(SHORTLIST_COOKIE, { path: "/", sameSite: "lax", httpOnly: true, secure, maxAge: ONE_YEAR });
}

export async function readShortlist(request: Request): Promise<string[]> {
  const value: unknown = await shortlistCookie(false)
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return Array.isArray(value) ? cleanShortlist(value) : [];
}

/**
 * The Set-Cookie header that stores this list. An empty list deletes the cookie, so a visitor who cleared
 * their shortlist gets the same cached pages as everyone else again.
 */
export async function writeShortlist(ids: readonly string[], { secure }: { secure: boolean }): Promise<string> {
  const cookie = shortlistCookie(secure);
  return ids.length === 0 ? cookie.serialize("", { maxAge: 0 }) : cookie.serialize(cleanShortlist(ids));
}
