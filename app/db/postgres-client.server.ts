import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { ping, type Database, type DatabaseHandle } from "./client.server";
import * as schema from "./schema";

/** A PostgreSQL server (DATABASE_URL) through a node-postgres pool; client.server.ts loads this only then. */
export async function openPostgres(connectionString: string, migrationsFolder: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // pg waits forever by default; a request should fail fast instead.
    connectionTimeoutMillis: 5_000,
    statement_timeout: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    raw: pool,
    migrate: () => migratePg(db as never, { migrationsFolder }),
    ping: () => ping(db),
    close: () => pool.end(),
  };
}
