/**
 * Where a form or link sends the visitor back to (the currency choice, the shortlist's hearts without JavaScript):
 * a page of this site only, whatever the client sent. The value goes into a `Location` header, where a browser
 * reads `//evil.example` or `/\evil.example` as another site, so the check is made on the path as a browser will
 * resolve it (dot segments removed, tabs and newlines dropped, backslashes read as slashes), not on the text sent.
 */

/** A base that is never a real site: only the path, query and fragment of the value are kept. */
const BASE = new URL("http://return-path.invalid");

/** Longer than any page address of the site; a header this long is refused by some proxies. */
const MAX_LENGTH = 2000;

/** C0 controls, DEL and the C1 controls: browsers drop some (tab, newline) before resolving, which changes the target. */
const CONTROL = /\p{Cc}/u;

/** A path that stays on the host it is resolved against: one leading slash, never a second one or a backslash. */
const SAME_SITE_PATH = /^\/(?![/\\])/;

export type ReturnPathOptions = {
  /** Where to go when the value is missing or not a page of this site. */
  fallback?: string;
  /**
   * This site's origin, to accept an absolute address on it as well (a Referer header). Without it only
   * paths are accepted.
   */
  origin?: string;
};

/**
 * The value as a same-site path (`/cars?sort=newest#top`), percent-encoded so it is always a valid header value,
 * or the fallback.
 */
export function safeReturnPath(value: unknown, { fallback = "/", origin }: ReturnPathOptions = {}): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH || CONTROL.test(value)) return fallback;
  let path = value;
  if (origin !== undefined && !value.startsWith("/")) {
    const absolute = parse(value);
    if (!absolute || absolute.origin !== origin) return fallback;
    path = `${absolute.pathname}${absolute.search}${absolute.hash}`;
  }
  if (!SAME_SITE_PATH.test(path)) return fallback;
  const resolved = parse(path, BASE);
  if (!resolved || resolved.origin !== BASE.origin) return fallback;
  const result = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // "/.//evil.example" and "/x/..//evil.example" only become "//evil.example" once dot segments are removed.
  return SAME_SITE_PATH.test(result) && result.length <= MAX_LENGTH ? result : fallback;
}

function parse(value: string, base?: URL): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
