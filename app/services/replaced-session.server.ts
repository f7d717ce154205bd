import { createContext, type RouterContextProvider } from "react-router";
import { cookiePairs } from "#app/domain/cookie-pairs";

/**
 * better-auth replaces the session (a new token in a new cookie, the old one deleted) when a password is changed and
 * when two-step sign-in is turned on or off. A form sent without JavaScript is answered with the page itself, in the
 * same request: its loaders would still read the Cookie the browser sent, name a session that no longer exists, and
 * send the member of staff home, losing the new cookie and the recovery codes shown once. So the action notes the
 * cookies it sets, and every session lookup of the same request reads them in place of the old ones.
 */
const replacedCookies = createContext<Map<string, string> | null>(null);

/** Remembers, for the rest of this request, the cookies an answer's Set-Cookie headers set or clear. */
export function rememberReplacedSession(context: Readonly<RouterContextProvider>, setCookies: Headers | undefined): void {
  const lines = setCookies?.getSetCookie() ?? [];
  if (lines.length === 0) return;
  const cookies = new Map(context.get(replacedCookies) ?? []);
  for (const line of lines) {
    const [pair = "", ...attributes] = line.split(";");
    const split = pair.indexOf("=");
    if (split <= 0) continue;
    const cleared = attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute));
    cookies.set(pair.slice(0, split).trim(), cleared ? "" : pair.slice(split + 1).trim());
  }
  context.set(replacedCookies, cookies);
}

/** The request's headers for a session lookup: its own Cookie, with what this request's action set in its place. */
export function sessionLookupHeaders(request: Request, context: Readonly<RouterContextProvider>): Headers {
  const replaced = context.get(replacedCookies);
  if (!replaced) return request.headers;
  const cookies = new Map(cookiePairs(request.headers.get("cookie")));
  for (const [name, value] of replaced) {
    if (value) cookies.set(name, value);
    else cookies.delete(name);
  }
  const headers = new Headers(request.headers);
  headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
  return headers;
}
