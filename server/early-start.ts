import { startEmbeddedDatabaseEarly } from "../app/db/embedded-database.server";
import type { PgliteThread } from "../app/db/pglite-thread.server";
import type { Env } from "../app/env.server";

/** Handed from the production entry (server/start.ts) to the host (server/index.ts), which takes it once. */
let embeddedDatabase: Promise<PgliteThread> | undefined;

export function startDatabaseEarly(env: Pick<Env, "DATABASE_URL" | "dataDir">) {
  embeddedDatabase = startEmbeddedDatabaseEarly(env);
}

/** The embedded database started by the entry, if it started one; the app opens its own otherwise. */
export function takeEarlyDatabase(): Promise<PgliteThread> | undefined {
  const started = embeddedDatabase;
  embeddedDatabase = undefined;
  return started;
}
