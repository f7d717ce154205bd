import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { claimDatabaseDir, claimFileOf, holderOf } from "./embedded-database-claim.server";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Runs `npm run db:migrate` as an operator would, on DATA_DIR: its exit code and what it printed. */
async function runMigrateCommand(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/migrate.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test", LOG_LEVEL: "warn" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

/** A pid that no process has any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  return child.pid;
}

describe("one process at a time on an embedded database folder", () => {
  let dataDir: string;
  let dbDir: string;
  const open: DatabaseHandle[] = [];
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-claim-"));
    dbDir = path.join(dataDir, "db");
  });
  afterEach(async () => {
    for (const handle of open.splice(0)) await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a command run beside the process that has the database open, then runs once it is closed", async () => {
    const server = await openDatabase({ pgliteDir: dbDir });
    await server.migrate();

    const refused = await runMigrateCommand(dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The embedded database in ${dbDir} is open in another process (pid ${process.pid},`);
    expect(refused.stderr).toContain("Stop it first, or point DATABASE_URL at a PostgreSQL server");
    expect(refused.stdout).not.toContain("Migrations applied");
    // The claim sits beside the folder: a copy of the folder (the bench's template) carries none.
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(true);
    expect(fs.readdirSync(dbDir).some((name) => name.includes("lock"))).toBe(false);

    await server.close();
    expect(fs.existsSync(claimFileOf(dbDir))).toBe(false);
    const ran = await runMigrateCommand(dataDir);
    expect(ran.stderr).not.toContain("is open");
    expect(ran.stdout).toContain("Migrations applied (pglite).");
    expect(ran.code).toBe(0);
  }, 120_000);

  it("refuses a second handle on the same folder in this process, and claims another folder beside it", async () => {
    const first = await openDatabase({ pgliteDir: dbDir });
    open.push(first);
    await expect(openDatabase({ pgliteDir: dbDir })).rejects.toThrow(
      `The embedded database in ${dbDir} is open already in this process (pid ${process.pid}). Stop it first`,
    );
    // Claims are per folder: another one beside it is free (tests open many databases in one process).
    claimDatabaseDir(path.join(dataDir, "other")).release();
    // The refused open left the first one's claim in place.
    expect(holderOf(dbDir)?.pid).toBe(process.pid);
    await first.close();
    open.splice(open.indexOf(first), 1);
    const again = await openDatabase({ pgliteDir: dbDir });
    open.push(again);
    expect(await again.ping()).toBe(true);
  }, 120_000);

  it("takes over a claim whose process is gone", () => {
    fs.writeFileSync(
      claimFileOf(dbDir),
      JSON.stringify({ pid: deadPid(), started: null, boot: null, host: "h", command: "host.js", since: "x", token: "t" }),
    );
    expect(holderOf(dbDir)).toBeNull();
    const claim = claimDatabaseDir(dbDir);
    expect(holderOf(dbDir)?.pid).toBe(process.pid);
    claim.release();
    expect(fs.existsSync(claimFileOf(dbDir))).toBe(false);
  });

  it.runIf(fs.existsSync("/proc/self/stat"))("takes over a claim whose pid now belongs to another process (pid reuse)", () => {
    // This process's pid, with a start time it never had: the claimant died and its pid went to someone else.
    fs.writeFileSync(
      claimFileOf(dbDir),
      JSON.stringify({ pid: process.pid, started: "1", boot: null, host: "h", command: "host.js", since: "x", token: "t" }),
    );
    expect(holderOf(dbDir)).toBeNull();
    claimDatabaseDir(dbDir).release();
  });

  it("takes over a claim made before the machine restarted", () => {
    fs.writeFileSync(
      claimFileOf(dbDir),
      JSON.stringify({ pid: process.pid, started: null, boot: "another-boot", host: "h", command: "host.js", since: "x", token: "t" }),
    );
    if (fs.existsSync("/proc/sys/kernel/random/boot_id")) expect(holderOf(dbDir)).toBeNull();
    fs.rmSync(claimFileOf(dbDir));
  });

  it("takes over a claim file it cannot read as one", () => {
    fs.writeFileSync(claimFileOf(dbDir), "");
    claimDatabaseDir(dbDir).release();
    expect(fs.existsSync(claimFileOf(dbDir))).toBe(false);
  });

  it("releases only its own claim", () => {
    const claim = claimDatabaseDir(dbDir);
    // Someone removed it and another process claimed the folder: release leaves that claim alone.
    const theirs = JSON.stringify({ pid: deadPid(), started: null, boot: null, host: "h", command: "x", since: "x", token: "theirs" });
    fs.writeFileSync(claimFileOf(dbDir), theirs);
    claim.release();
    expect(fs.readFileSync(claimFileOf(dbDir), "utf8")).toBe(theirs);
  });
});
