import type { ChangeBus } from "#app/db/change-bus.server";
import type { Database } from "#app/db/client.server";
import { countUnopenedEnquiries } from "#app/models/enquiries-admin.server";
import { logger } from "./logger.server";

/** What every open admin page hears: the bell's number, and what changed ("new:<id>", "opened:<id>", "*"…). */
export type LiveEnquiryEvent = { unopened: number; change: string };

export type LiveEnquiries = {
  /** Adds a listener (one open page); it gets the current count at once. Returns the function that removes it. */
  connect(listener: (event: LiveEnquiryEvent) => void): () => void;
  /** Ends every open stream (the process is shutting down; browsers reconnect to another process). */
  closeAll(): void;
  onClose(listener: () => void): () => void;
  readonly listeners: number;
  dispose(): void;
};

const DEBOUNCE_MS = 150;

/**
 * The live bell (docs/decisions/0008): the change bus (PostgreSQL LISTEN/NOTIFY, so every process hears every
 * change) tells this process that enquiries changed; it counts the unopened ones once and pushes the number
 * to every open admin page over Server-Sent Events. One query per change per process, however many pages are
 * open, and none while nothing changes: no page polls the database.
 */
export function createLiveEnquiries({ db, changes }: { db: Database; changes: ChangeBus }): LiveEnquiries {
  const listeners = new Set<(event: LiveEnquiryEvent) => void>();
  const closers = new Set<() => void>();
  let last: number | undefined;
  let pending: NodeJS.Timeout | undefined;
  let pendingChange = "*";

  async function broadcast(change: string) {
    try {
      last = await countUnopenedEnquiries(db);
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : error }, "live bell: could not count enquiries; keeping the last number");
      if (last === undefined) return;
    }
    for (const listener of listeners) listener({ unopened: last, change });
  }

  const unsubscribe = changes.subscribe("enquiries", (key) => {
    if (listeners.size === 0) {
      last = undefined; // nobody listens: the next page to connect counts afresh
      return;
    }
    // A burst of changes (a bulk update, a reconnect) costs one count.
    pendingChange = pending ? "*" : key;
    clearTimeout(pending);
    pending = setTimeout(() => {
      pending = undefined;
      void broadcast(pendingChange);
    }, DEBOUNCE_MS);
    pending.unref();
  });

  return {
    connect(listener) {
      listeners.add(listener);
      if (last !== undefined) listener({ unopened: last, change: "connected" });
      else
        void countUnopenedEnquiries(db).then(
          (count) => {
            last = count;
            if (listeners.has(listener)) listener({ unopened: count, change: "connected" });
          },
          () => {},
        );
      return () => {
        listeners.delete(listener);
      };
    },
    closeAll() {
      for (const close of [...closers]) close();
    },
    onClose(close) {
      closers.add(close);
      return () => closers.delete(close);
    },
    get listeners() {
      return listeners.size;
    },
    dispose() {
      clearTimeout(pending);
      unsubscribe();
      listeners.clear();
    },
  };
}
