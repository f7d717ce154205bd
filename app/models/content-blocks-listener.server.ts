import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { DatabaseHandle } from "#app/db/client.server";
import { logger } from "#app/services/logger.server";
import { CONTENT_CHANNEL, invalidateContentCache } from "./content-blocks.server";

const RECONNECT_DELAY_MS = 2_000;

/**
 * Listens for content-block changes made by any app process (updateContentBlock NOTIFYs the key) and drops
 * this process's cached copy, so an edit reaches every process within moments instead of 5 minutes.
 * On PostgreSQL a dedicated pooled connection holds the LISTEN; if it drops, the whole cache is cleared
 * (notifications may have been missed) and it reconnects. Returns a function that stops listening.
 */
export async function listenForContentChanges(handle: DatabaseHandle): Promise<() => Promise<void>> {
  const onKey = (key: string) => invalidateContentCache(handle.db, key || "*");
  if (handle.kind === "pglite") {
    const unsubscribe = await (handle.raw as PGlite).listen(CONTENT_CHANNEL, onKey);
    return () => unsubscribe();
  }
  return listenOnPostgres(handle.raw as pg.Pool, onKey, () => invalidateContentCache(handle.db, "*"));
}

async function listenOnPostgres(pool: pg.Pool, onKey: (key: string) => void, onGap: () => void): Promise<() => Promise<void>> {
  let client: pg.PoolClient | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    try {
      const next = await pool.connect();
      next.on("notification", (message) => {
        if (message.channel === CONTENT_CHANNEL) onKey(message.payload ?? "*");
      });
      next.on("error", (error) => {
        logger.warn({ err: error }, "content-block listener lost its connection; reconnecting");
        next.release(error);
        if (client === next) client = null;
        onGap();
        scheduleReconnect();
      });
      await next.query(`LISTEN ${CONTENT_CHANNEL}`);
      if (stopped) return next.release();
      client = next;
    } catch (error) {
      logger.warn({ err: error }, "content-block listener could not connect; retrying");
      onGap();
      scheduleReconnect();
    }
  };
  const scheduleReconnect = () => {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    if (current) {
      await current.query(`UNLISTEN ${CONTENT_CHANNEL}`).catch(() => undefined);
      current.release();
    }
  };
}
