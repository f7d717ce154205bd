import { createHash } from "node:crypto";
import { isbot } from "isbot";
import type { Database } from "#app/db/client.server";
import { dayOf, forgetOldVisitors, recordViews, saltForDay, type ViewEntry } from "#app/models/listings-views.server";
import { logger } from "./logger.server";

/**
 * Counts listing views off the request path: the detail page's loader hands a view to `record()`, which only
 * checks for bots and queues it; a timer writes the queue in one statement every couple of seconds (or sooner
 * when it grows). The visitor's address and browser live in memory until then, only to be hashed with the day's
 * salt; they are never stored. Losing a few queued views in a crash is acceptable; slowing a page is not.
 */
export type ViewInput = { listingId: string; clientIp: string; userAgent: string; at?: Date };

export type ViewRecorder = {
  /** Queues a view; bots, prefetches and empty user agents are ignored. Never throws, never waits. */
  record(view: ViewInput): void;
  /** Writes what is queued (tests call it; the timer and shutdown do too). */
  flush(): Promise<void>;
  stop(): Promise<void>;
};

export type ViewRecorderOptions = {
  db: Database;
  enabled: boolean;
  /** How long a view may wait in the queue. */
  flushIntervalMs?: number;
  /** Write at once when this many views are waiting. */
  maxQueue?: number;
};

type Queued = { listingId: string; clientIp: string; userAgent: string; day: string };

const HARD_QUEUE_LIMIT = 10_000;

/** Whether a request for a listing page is a visit at all: a real GET, not a browser's speculative prefetch. */
export function isCountableRequest(request: Pick<Request, "method" | "headers">): boolean {
  if (request.method !== "GET") return false;
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  return !/prefetch|prerender/i.test(purpose);
}

export function visitorHash(salt: string, view: Pick<Queued, "clientIp" | "userAgent" | "listingId">): string {
  return createHash("sha256").update(`${salt}\n${view.clientIp}\n${view.userAgent}\n${view.listingId}`).digest("base64url").slice(0, 32);
}

export function createViewRecorder({ db, enabled, flushIntervalMs = 2_000, maxQueue = 200 }: ViewRecorderOptions): ViewRecorder {
  let queue: Queued[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const salts = new Map<string, string>();
  let prunedFor = "";

  async function salt(day: string) {
    let value = salts.get(day);
    if (!value) {
      value = await saltForDay(db, day);
      // Only today's and yesterday's salts are ever needed; forget older ones here and in the database.
      for (const known of salts.keys()) if (known < day) salts.delete(known);
      salts.set(day, value);
    }
    if (prunedFor !== day) {
      prunedFor = day;
      await forgetOldVisitors(db, day);
    }
    return value;
  }

  async function write(batch: Queued[]) {
    try {
      const entries: ViewEntry[] = [];
      for (const view of batch) entries.push({ listingId: view.listingId, day: view.day, visitor: visitorHash(await salt(view.day), view) });
      await recordViews(db, entries);
    } catch (error) {
      logger.warn({ err: error, views: batch.length }, "listing views could not be recorded");
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    if (batch.length > 0) writing = writing.then(() => write(batch));
    return writing;
  }

  return {
    record(view) {
      if (!enabled || !view.userAgent || isbot(view.userAgent)) return;
      if (queue.length >= HARD_QUEUE_LIMIT) return;
      queue.push({ listingId: view.listingId, clientIp: view.clientIp, userAgent: view.userAgent, day: dayOf(view.at ?? new Date()) });
      if (queue.length >= maxQueue) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), flushIntervalMs);
        timer.unref();
      }
    },
    flush,
    async stop() {
      await flush();
    },
  };
}
