import fs from "node:fs";
import path from "node:path";
import type { Env } from "#app/env.server";
import { PgliteThread } from "./pglite-thread.server";

/** Where the embedded database keeps its files under DATA_DIR. */
export const embeddedDatabaseDir = (env: Pick<Env, "dataDir">) => path.join(env.dataDir, "db");

/** Starts the embedded database's thread on `dir` (created if missing); `undefined` keeps it in memory (tests). */
export function startEmbeddedDatabase(dir: string | undefined): Promise<PgliteThread> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  return PgliteThread.start({ dataDir: dir });
}

/** True when the settings choose the embedded database and it has not been created yet (a first start). */
export function isNewEmbeddedDatabase(env: Pick<Env, "DATABASE_URL" | "dataDir">): boolean {
  if (env.DATABASE_URL) return false;
  try {
    return fs.readdirSync(embeddedDatabaseDir(env)).length === 0;
  } catch {
    return true;
  }
}

/**
 * For the production host: starts the embedded database (when the settings choose it) before the application's code
 * is loaded, so the thread opens the database on the second core while this one loads the code (about half a second
 * each on a 2-core machine; they used to run one after the other). `undefined` with DATABASE_URL set.
 */
export function startEmbeddedDatabaseEarly(env: Pick<Env, "DATABASE_URL" | "dataDir">): Promise<PgliteThread> | undefined {
  if (env.DATABASE_URL) return undefined;
  const started = startEmbeddedDatabase(embeddedDatabaseDir(env));
  // Whoever takes it over awaits it, later: a failed start is reported there, not as an unhandled rejection now.
  started.catch(() => {});
  return started;
}
