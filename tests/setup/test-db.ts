import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "#app/db/client.server";

export type TestDatabaseKind = "pglite" | "postgres";

/** The databases integration tests run against: always PGlite; PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_KINDS: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/**
 * A fresh, migrated database: an in-memory PGlite, or a new database on the TEST_DATABASE_URL server
 * (dropped again by `close()`), so test files never see each other's rows.
 */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  if (kind === "pglite") {
    const handle = await openDatabase({});
    await handle.migrate();
    return handle;
  }
  const throwaway = await createThrowawayDatabase("ws_test");
  const handle = await openDatabase({ databaseUrl: throwaway.url });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await throwaway.drop();
    },
  };
}

/**
 * A new, empty database on the TEST_DATABASE_URL server, named `<prefix>_<random>`, for tests that hand it to app
 * processes of their own; `drop()` removes it, even while connections are still open.
 */
export async function createThrowawayDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
