import { useSyncExternalStore } from "react";
import { useFetchers, useRouteLoaderData } from "react-router";
import { SHORTLIST_ACTION } from "#app/domain/shortlist";
import type { loader as rootLoader } from "#app/root";

/**
 * Clicks not yet answered, in order. Each post reads the cookie and writes it back, so two posts in flight at
 * once would each keep only their own change: hearts therefore post one after another (this queue), and show
 * their new state at once (this map) while they wait.
 */
const queued = new Map<string, boolean>();
const listeners = new Set<() => void>();
let chain: Promise<unknown> = Promise.resolve();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

/** Runs `post` after every earlier heart's post; the listing shows `saved` until its post has finished. */
export function queueShortlistChange(listingId: string, saved: boolean, post: () => Promise<unknown>) {
  queued.set(listingId, saved);
  changed();
  const run = async () => {
    try {
      await post();
    } finally {
      if (queued.get(listingId) === saved) queued.delete(listingId);
      changed();
    }
  };
  chain = chain.then(run, run);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The visitor's shortlist as the page should show it now: the ids the server read from the cookie, then every
 * heart post on its way (a fetcher still revalidating), then every click still queued. So a heart and the top
 * bar's count change at the click.
 */
export function useShortlist(): ReadonlySet<string> {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  const saved = useRouteLoaderData<typeof rootLoader>("root")?.shortlist ?? [];
  const ids = new Set(saved);
  for (const fetcher of useFetchers()) {
    if (fetcher.formAction !== SHORTLIST_ACTION || !fetcher.formData) continue;
    const id = fetcher.formData.get("listing");
    const intent = fetcher.formData.get("intent");
    if (typeof id !== "string") continue;
    if (intent === "add") ids.add(id);
    else if (intent === "remove") ids.delete(id);
  }
  for (const [id, want] of queued) {
    if (want) ids.add(id);
    else ids.delete(id);
  }
  return ids;
}
