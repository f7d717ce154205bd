import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Env } from "#app/env.server";
import { embeddedDatabaseDir, startEmbeddedDatabase } from "./embedded-database.server";
import type { PgliteThread } from "./pglite-thread.server";
import * as schema from "./schema";

/** The one database type the app codes against, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs the committed SQL migrations in ./drizzle. */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded database's thread or the pg pool, for LISTEN/NOTIFY. */
  raw: PgliteThread | pg.Pool;
};

export type OpenOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for the PGlite files; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string;
  /** Folder of the SQL migrations (default ./drizzle). */
  migrationsDir?: string;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /** The embedded database's thread, started already (server/early-start.ts); used instead of starting one. */
  startedThread?: Promise<PgliteThread>;
};

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const migrationsFolder = path.resolve(options.migrationsDir ?? "drizzle");
  if (options.databaseUrl) {
    // Loaded only when a server is named: node-postgres and its Drizzle driver are some 30 modules (about 150 ms of
    // start-up here) that a site on the embedded database never uses.
    const { openPostgres } = await import("./postgres-client.server");
    return openPostgres(options.databaseUrl, migrationsFolder, options.poolSize ?? 10);
  }
  return openPglite(options.startedThread ?? startEmbeddedDatabase(options.pgliteDir), migrationsFolder);
}

/** The database the settings choose: DATABASE_URL, or the embedded PGlite under DATA_DIR/db. */
export function openDatabaseFromEnv(
  env: Pick<Env, "DATABASE_URL" | "dataDir" | "migrationsDir" | "DATABASE_POOL_SIZE">,
  startedThread?: Promise<PgliteThread>,
): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: embeddedDatabaseDir(env),
    migrationsDir: env.migrationsDir,
    poolSize: env.DATABASE_POOL_SIZE,
    startedThread,
  });
}

/** The embedded database, on a thread of its own (pglite-thread.server.ts). */
async function openPglite(thread: Promise<PgliteThread>, migrationsFolder: string): Promise<DatabaseHandle> {
  const client = await thread;
  // Drizzle's driver calls `query` and `transaction`, which the thread answers as PGlite does.
  const db = drizzlePglite(client as never, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    raw: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/** True when a trivial query answers (both drivers; postgres-client.server.ts uses it too). */
export async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either: model functions that write take one, so callers can make them part of a larger transaction. */
export type DbOrTx = Database | Transaction;
