import { CURRENCY_COOKIE, currencyFromCookie } from "./price-conversion";

/**
 * Who may be given a page rendered for someone else (docs/decisions/0031-page-cache.md). A public page is the same for
 * every visitor except for what their cookies say: the display currency (ws_currency) changes every price, the shortlist
 * (ws_shortlist) fills hearts and a count, a staff session may change anything. So a visitor whose only cookie is the
 * currency gets the shared page of that currency; any other cookie (a session, a shortlist, one we do not know) means
 * the page is rendered for them alone. Unknown cookies fall on the safe side.
 */

/** The variant of a shared page a request may be given ("" for no currency chosen), or null when it must get its own. */
export function sharedPageVariant(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader?.trim()) return "";
  for (const pair of cookieHeader.split(";")) {
    const name = pair.split("=", 1)[0]!.trim();
    if (name !== "" && name !== CURRENCY_COOKIE) return null;
  }
  return currencyFromCookie(cookieHeader) ?? "";
}

/**
 * The Cache-Control of a page any visitor with the same currency may share. Browsers revalidate every time (the ETag
 * makes that a 304); a shared cache (a CDN) may keep it for a minute and serve it stale while it refetches. `Vary:
 * Cookie` keeps a CDN that knows nothing of our cookies from handing it to someone with a session or a shortlist.
 */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
export const SHARED_PAGE_VARY = "Cookie";
/** A public page rendered for one visitor (their shortlist or session shows in it): never kept by a shared cache. */
export const PERSONAL_PAGE_CACHE_CONTROL = "private, no-cache";
