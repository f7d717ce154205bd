import { isListingId } from "./listing-id";
import { countOf } from "./plural";

/**
 * The shortlist: listings a visitor keeps without an account (docs/decisions/0027). The list lives in the
 * visitor's own browser, in the `ws_shortlist` cookie; the server keeps nothing. The page cache bypasses
 * requests carrying that cookie, so its name is fixed here once.
 */
export const SHORTLIST_COOKIE = "ws_shortlist";

/** Enough for any real search, and small enough for one cookie (4 KB) and a share link. */
export const SHORTLIST_MAX = 50;

/** The form field naming the listing, and the action every heart posts to. */
export const SHORTLIST_ACTION = "/shortlist/items";

/** A list from any source (cookie, share link, form): valid listing ids only, each once, newest first, at most SHORTLIST_MAX. */
export function cleanShortlist(ids: readonly unknown[]): string[] {
  return [...new Set(ids.filter(isListingId))].slice(0, SHORTLIST_MAX);
}

/** Adds (to the front) or removes one listing. Adding to a full list drops the oldest. */
export function changeShortlist(ids: readonly string[], id: string, saved: boolean): string[] {
  const rest = ids.filter((existing) => existing !== id);
  return saved ? cleanShortlist([id, ...rest]) : rest;
}

/** Adds a shared list to one's own, own entries first. */
export function mergeShortlists(own: readonly string[], shared: readonly string[]): string[] {
  return cleanShortlist([...own, ...shared]);
}

/** The share link's query value: ids joined by dots (never escaped in a URL, never part of an id). */
export function encodeShareList(ids: readonly string[]): string {
  return ids.join(".");
}

export function decodeShareList(value: string | null): string[] {
  return value ? cleanShortlist(value.split(".")) : [];
}

/** The address that opens this list on any device: /shortlist?list=a.b.c */
export function sharePath(ids: readonly string[]): string {
  return `/shortlist?list=${encodeShareList(ids)}`;
}

/** Whether an enquiry's stored path is a shortlist's share link (a shortlist enquiry) rather than one listing's page. */
export function isSharePath(path: string | null | undefined): boolean {
  return Boolean(path?.startsWith("/shortlist?"));
}

/** How staff see where an enquiry came from: the listing's title, "Shortlist", "Listing removed" or "Contact page". */
export function enquirySourceLabel(listingPath: string | null | undefined, listingTitle: string | null | undefined): string {
  if (listingTitle) return listingTitle;
  if (isSharePath(listingPath))
    return `Shortlist of ${countOf(decodeShareList(new URLSearchParams(listingPath!.slice(listingPath!.indexOf("?"))).get("list")).length, "listing")}`;
  return listingPath ? "Listing removed" : "Contact page";
}
