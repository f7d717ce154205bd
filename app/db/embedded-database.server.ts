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
