import { sql, type SQLWrapper } from "drizzle-orm";
import type pg from "pg";
import type { PgliteThread } from "./pglite-thread.server";
import type { DatabaseHandle } from "#app/db/client.server";
import { logger } from "#app/services/logger.server";

/**
 * Tells every app process that something changed, through PostgreSQL's LISTEN/NOTIFY (PGlite has it too).
 * Writers call `announceChange` inside their transaction, so the notice goes out exactly when the change
 * commits; readers (caches, the page cache, live admin views) subscribe by topic. One channel carries every
 * topic; the payload is `topic:key`.
 *
 * A lost listening connection may have missed notices, so every subscriber is then told "*" (anything may
 * have changed) and the connection is re-established.
 */
export const CHANGE_CHANNEL = "white_streams_changes";

export const CHANGE_TOPICS = ["content", "listings", "media", "settings", "enquiries", "users", "rates"] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** Anything that can run SQL: the database or a transaction. */
export type SqlExecutor = { execute: (query: ReturnType<typeof sql>) => Promise<unknown> };

/** Queues a change notice; inside a transaction it is delivered on commit (and dropped on rollback). */
export async function announceChange(db: SqlExecutor, topic: ChangeTopic, key = "*"): Promise<void> {
  await db.execute(sql`select ${changeNotice(topic, key)}`);
}

/** The notice as an expression, for a writer that announces its change in the statement that makes it. */
export function changeNotice(topic: ChangeTopic, key = "*") {
  return sql<void>`pg_notify(${CHANGE_CHANNEL}, ${`${topic}:${key}`})`;
}

/** The same, with the key computed by the statement (e.g. from the rows it changes). */
export function changeNoticeFor(topic: ChangeTopic, key: SQLWrapper) {
  return sql<void>`pg_notify(${CHANGE_CHANNEL}, ${`${topic}:`} || ${key})`;
}

export type ChangeListener = (key: string, topic: ChangeTopic) => void;

export type ChangeBus = {
  /** Calls `listener` for each change of `topic` ("*" for every topic); returns an unsubscribe function. */
  subscribe(topic: ChangeTopic | "*", listener: ChangeListener): () => void;
  /** Delivers a notice to this process's subscribers only (used right after a local write, before the NOTIFY echo). */
  emitLocal(topic: ChangeTopic, key?: string): void;
  close(): Promise<void>;
};

const RECONNECT_DELAY_MS = 2_000;

function parsePayload(payload: string | undefined): { topic: ChangeTopic; key: string } | undefined {
  if (!payload) return undefined;
  const separator = payload.indexOf(":");
  const topic = (separator < 0 ? payload : payload.slice(0, separator)) as ChangeTopic;
  if (!CHANGE_TOPICS.includes(topic)) return undefined;
  return { topic, key: separator < 0 ? "*" : payload.slice(separator + 1) || "*" };
}

/** A bus with no database behind it: local delivery only (unit tests, scripts). */
export function createLocalChangeBus(): ChangeBus & { deliver: (payload: string) => void; gap: () => void } {
  const listeners = new Map<ChangeTopic | "*", Set<ChangeListener>>();
  const emit = (topic: ChangeTopic, key: string) => {
    for (const listener of [...(listeners.get(topic) ?? []), ...(listeners.get("*") ?? [])]) {
      try {
        listener(key, topic);
      } catch (error) {
        logger.error({ err: error, topic }, "a change listener failed");
      }
    }
  };
  return {
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    emitLocal(topic, key = "*") {
      emit(topic, key);
    },
    deliver: (payload: string) => {
      const parsed = parsePayload(payload);
      if (parsed) emit(parsed.topic, parsed.key);
    },
    /** Notices may have been missed: every topic is told that anything may have changed. */
    gap: () => {
      for (const topic of CHANGE_TOPICS) emit(topic, "*");
    },
    async close() {
      listeners.clear();
    },
  };
}

/** Starts listening on the database; resolves once the LISTEN is in place. */
export async function startChangeBus(handle: DatabaseHandle): Promise<ChangeBus> {
  const bus = createLocalChangeBus();
  if (handle.kind === "pglite") {
    const unsubscribe = await (handle.raw as PgliteThread).listen(CHANGE_CHANNEL, (payload) => bus.deliver(payload));
    return {
      ...bus,
      async close() {
        await unsubscribe();
        await bus.close();
      },
    };
  }
  const stop = await listenOnPostgres(handle.raw as pg.Pool, bus.deliver, bus.gap);
  return {
    ...bus,
    async close() {
      await stop();
      await bus.close();
    },
  };
}

async function listenOnPostgres(pool: pg.Pool, deliver: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>> {
  let listening: { connection: pg.PoolClient; drop: (error?: Error) => void } | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let reconnecting = false;

  const connect = async () => {
    let next: pg.PoolClient | undefined;
    let dropped = false;
    // A listening connection is closed, never handed back to the pool: other work would get it with our listeners on
    // it. Once only: an error can arrive after a stop or a first error has already closed it.
    const drop = (error?: Error) => {
      if (dropped || !next) return;
      dropped = true;
      next.release(error ?? true);
    };
    try {
      next = await pool.connect();
      const connection = next;
      connection.on("notification", (message) => {
        if (message.channel === CHANGE_CHANNEL) deliver(message.payload ?? "");
      });
      connection.on("error", (error) => {
        if (dropped) return;
        logger.warn({ err: error }, "change listener lost its connection; reconnecting");
        drop(error);
        if (listening?.connection === connection) listening = null;
        onGap();
        scheduleReconnect();
      });
      await connection.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (stopped) return drop();
      listening = { connection, drop };
      // Changes made while no connection listened were never heard: readers drop what they hold once more.
      if (reconnecting) onGap();
      reconnecting = false;
    } catch (error) {
      drop(error instanceof Error ? error : undefined);
      logger.warn({ err: error }, "change listener could not connect; retrying");
      onGap();
      scheduleReconnect();
    }
  };
  const scheduleReconnect = () => {
    if (stopped) return;
    reconnecting = true;
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = listening;
    listening = null;
    if (current) {
      await current.connection.query(`UNLISTEN ${CHANGE_CHANNEL}`).catch(() => undefined);
      current.drop();
    }
  };
}
