import { isEmbeddedDatabaseInUse } from "../app/db/embedded-database-claim.server";
import { embeddedDatabaseDir, startEmbeddedDatabase } from "../app/db/embedded-database.server";
import type { PgliteThread } from "../app/db/pglite-thread.server";
import type { Env } from "../app/env.server";

/** Handed from the production entry (server/start.ts) to the host (server/index.ts), which takes it once. */
let embeddedDatabase: Promise<PgliteThread> | undefined;

/**
 * Starts the embedded database (when the settings choose it) before the application's code is loaded, so the thread
 * opens the database on the second core while this one loads the code (about half a second each on a 2-core machine).
 */
export function startDatabaseEarly(env: Pick<Env, "DATABASE_URL" | "dataDir">) {
  if (env.DATABASE_URL) return;
  embeddedDatabase = startEmbeddedDatabase(embeddedDatabaseDir(env));
  // The host awaits it, later: a failed start is reported there, not as an unhandled rejection now. A folder another
  // process has open is refused here and now, before a second of loading code (embedded-database-claim.server.ts).
  embeddedDatabase.catch((error: unknown) => {
    if (!isEmbeddedDatabaseInUse(error)) return;
    console.error(error.message);
    process.exit(1);
  });
}

/** The embedded database started by the entry, if it started one; the app opens its own otherwise. */
export function takeEarlyDatabase(): Promise<PgliteThread> | undefined {
  const started = embeddedDatabase;
  embeddedDatabase = undefined;
  return started;
}
