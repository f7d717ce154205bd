/**
 * What staff typed in the listing editor and have not saved, kept in this tab (sessionStorage) until a save goes
 * through. A save can fail after a long edit for reasons the page cannot prevent: the session ended (30 minutes idle
 * sign staff out) and the admin shell shows its sign-in panel, or the connection dropped. The typed work then
 * survives signing in again in the same tab: the editor offers it back. The tab's storage ends with the tab, so
 * nothing typed stays behind on a shared computer.
 *
 * A draft belongs to one version of the listing: once the listing is saved (by anyone), an older draft is dropped
 * rather than offered over newer content.
 */
export type ListingDraft = { savedAt: number; value: unknown };

const PREFIX = "listing-draft:";

export function draftKey(listingId: string | undefined, version: number | undefined): string {
  return `${PREFIX}${listingId ?? "new"}:${version ?? 0}`;
}

export function readDraft(key: string): ListingDraft | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key) ?? "null") as ListingDraft | null;
    return stored && typeof stored.savedAt === "number" && stored.value && typeof stored.value === "object" ? stored : null;
  } catch {
    return null;
  }
}

export function keepDraft(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), value } satisfies ListingDraft));
  } catch {
    // Storage full or refused (a private window): the editor works as before, without the safety net.
  }
}

/** Drops the listing's drafts, all of them or every one but `keep`'s. */
export function dropDrafts(listingId: string | undefined, keep?: string): void {
  try {
    const prefix = `${PREFIX}${listingId ?? "new"}:`;
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith(prefix) && key !== keep) sessionStorage.removeItem(key);
    }
  } catch {
    // As above.
  }
}
