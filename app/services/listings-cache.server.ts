import type { ChangeBus } from "#app/db/change-bus.server";

/**
 * Short-lived answers about the catalogue that many pages share (the home page's carousel and Trending Now, the sitemap).
 * Every entry is dropped at once when any app process announces a listings change, so staff edits show
 * immediately everywhere; the time limit only bounds how stale view counts may get.
 */
export type ListingsCache = {
  remember<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  invalidate(): void;
};

/** Keys may come from visitors (a search's result count), so the oldest entries give way beyond this many. */
const MAX_ENTRIES = 2_000;

export function createListingsCache(changes?: ChangeBus, maxEntries = MAX_ENTRIES): ListingsCache & { dispose(): void } {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  // Bumped on every change: a load that started before a change is not kept after it.
  let generation = 0;
  const cache: ListingsCache = {
    async remember<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > Date.now()) return entry.value as T;
      const started = generation;
      const value = await load();
      if (started === generation) {
        // Re-inserted at the end: the map's order is the order of loading, oldest first.
        entries.delete(key);
        entries.set(key, { value, expiresAt: Date.now() + ttlMs });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return value;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
  const unsubscribe = changes?.subscribe("listings", () => cache.invalidate());
  return { ...cache, dispose: () => unsubscribe?.() };
}
