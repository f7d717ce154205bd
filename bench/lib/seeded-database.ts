import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { BUILD_DIR, ROOT, log } from "./common";

/**
 * Most of the bench's servers need a database of their own (so the enquiries one part stores touch no other part's
 * figures), seeded as a first start seeds it. Creating one runs PostgreSQL's initdb, the migrations and the seed:
 * 6 to 8 s of a slow machine's CPU each time, for the same bytes. So one is created, by the site's own first-start
 * process (BUILD_DIR/server/set-up-database.js), and each server gets a copy of it. The start-up part still times a
 * real first start on an empty folder.
 */
export function seededDatabases(workDir: string) {
  const templateDir = path.join(workDir, "seeded-template");
  let created: Promise<void> | undefined;

  async function createTemplate() {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(BUILD_DIR, "server/set-up-database.js")], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR: path.relative(ROOT, BUILD_DIR), DATA_DIR: templateDir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
    if (code !== 0) throw new Error(`creating the seeded database failed (${signal ?? `exit code ${code}`})`);
    log(`  a seeded database to copy, created in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  return {
    /**
     * Puts a copy of the seeded database in `dataDir` (as DATA_DIR/db, where the server looks), unless it holds a
     * database already (a kept --photos-dir or --large-dir). Returns `dataDir`.
     */
    async copyInto(dataDir: string): Promise<string> {
      const target = path.join(dataDir, "db");
      if (fs.existsSync(target) && fs.readdirSync(target).length > 0) return dataDir;
      await (created ??= createTemplate());
      fs.cpSync(path.join(templateDir, "db"), target, { recursive: true });
      return dataDir;
    },
  };
}
