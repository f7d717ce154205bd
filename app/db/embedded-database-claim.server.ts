import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One process at a time on an embedded database folder (docs/decisions/0046-one-process-per-embedded-database.md).
 * PGlite runs PostgreSQL in one process and checks nothing: a second process that opens the same folder works on its
 * own copy of the pages in memory, its writes are never seen by the first, and both write the same files. So whoever
 * opens a folder first claims it with a file beside it (`<dir>.lock`), made atomically (a hard link of a file already
 * written, which fails when the name exists), holding the claimant's pid and start time; anyone else is refused at
 * once. The file sits beside the folder, not in it: PGlite's initdb wants an empty folder, a first start is told by
 * an empty folder, and a copy of the folder (the bench's template) carries no claim.
 */

/** What the claim file holds. */
type Holder = {
  pid: number;
  /** The process's start, from /proc (clock ticks since boot): with the pid, names one process even after pid reuse. */
  started: string | null;
  /** The machine's boot: after a reboot every claim is stale. */
  boot: string | null;
  host: string;
  /** The holder's script (host.js, create-admin.ts), for the message. */
  command: string;
  since: string;
  /** This claim's own mark: release removes the file only while it still holds it. */
  token: string;
};

/** An embedded database folder another process (or this one) has open; `holder` says who. */
export class EmbeddedDatabaseInUseError extends Error {
  readonly code = "EMBEDDED_DATABASE_IN_USE";
  constructor(
    dir: string,
    readonly holder: Pick<Holder, "pid" | "command" | "since" | "host">,
  ) {
    const who =
      holder.pid === process.pid
        ? `is open already in this process (pid ${holder.pid})`
        : `is open in another process (pid ${holder.pid}, ${describeCommand(holder.command)}, since ${holder.since})`;
    super(
      `The embedded database in ${path.resolve(dir)} ${who}. Stop it first, or point DATABASE_URL at a PostgreSQL server to run ` +
        `tools beside a running site.`,
    );
    this.name = "EmbeddedDatabaseInUseError";
  }
}

export function isEmbeddedDatabaseInUse(error: unknown): error is EmbeddedDatabaseInUseError {
  return error instanceof Error && (error as { code?: unknown }).code === "EMBEDDED_DATABASE_IN_USE";
}

/** The claim file of a database folder. */
export const claimFileOf = (dir: string) => `${path.resolve(dir)}.lock`;

export type DatabaseClaim = { readonly file: string; release(): void };

/** Claims held by this copy of the module, released when the process exits without closing them. */
const held = new Set<DatabaseClaim>();
let releaseOnExit = false;

/**
 * Claims `dir` for this process until `release()`, or throws EmbeddedDatabaseInUseError when a live process holds
 * it. A claim whose process is gone (a crash, kill -9, a reboot) is taken over.
 */
export function claimDatabaseDir(dir: string): DatabaseClaim {
  const file = claimFileOf(dir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const mine = describeThisProcess();
  // Written in full under a name of its own first, then linked to the claim's name: whoever reads the claim reads all of it.
  const draft = `${file}.${process.pid}.${mine.token}`;
  fs.writeFileSync(draft, JSON.stringify(mine));
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 2) throw error;
      }
      const holder = readHolder(file);
      if (holder && isAlive(holder)) throw new EmbeddedDatabaseInUseError(dir, holder);
      removeIfUnchanged(file, holder);
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const claim: DatabaseClaim = {
    file,
    release() {
      if (!held.delete(claim)) return;
      removeIfUnchanged(file, mine);
    },
  };
  held.add(claim);
  if (!releaseOnExit) {
    releaseOnExit = true;
    // A script that ends with process.exit() before close(): the claim goes with it (a crash is caught by isAlive).
    process.on("exit", () => {
      for (const claim of held) claim.release();
    });
  }
  return claim;
}

/** The live process holding `dir`, if any (a stale claim is no one). */
export function holderOf(dir: string): Pick<Holder, "pid" | "command" | "since" | "host"> | null {
  const holder = readHolder(claimFileOf(dir));
  return holder && isAlive(holder) ? holder : null;
}

function describeThisProcess(): Holder {
  return {
    pid: process.pid,
    started: startTimeOf(process.pid),
    boot: bootId(),
    host: os.hostname(),
    command: path.basename(process.argv[1] ?? process.argv0),
    since: new Date().toISOString(),
    token: crypto.randomBytes(8).toString("hex"),
  };
}

/** The claim in `file`; null when there is none, or when it cannot be read as one (not written by this code: stale). */
function readHolder(file: string): Holder | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Holder;
    return typeof holder.pid === "number" && typeof holder.token === "string" ? holder : null;
  } catch {
    return null;
  }
}

/**
 * Removes a claim file if it still holds what was read (`expected`, or unreadable content when null). Two processes
 * taking over the same stale claim at the same instant could still both remove it and link their own in turn; the
 * window is the few microseconds between this read and the unlink.
 */
function removeIfUnchanged(file: string, expected: Holder | null) {
  const now = readHolder(file);
  if (now?.token !== expected?.token) return;
  fs.rmSync(file, { force: true });
}

/** Whether the claim's process still runs: its pid answers, and it started when the claim says (not a reused pid). */
function isAlive(holder: Holder): boolean {
  if (holder.boot && bootId() && holder.boot !== bootId()) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists, under another user.
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  if (!holder.started) return true;
  const started = startTimeOf(holder.pid);
  // Without /proc (macOS, Windows) a live pid is taken for the holder.
  return started === null || started === holder.started;
}

/** A process's start time on Linux (field 22 of /proc/<pid>/stat, after the command name in parentheses); else null. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

let cachedBootId: string | null | undefined;
function bootId(): string | null {
  if (cachedBootId === undefined) {
    try {
      cachedBootId = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || null;
    } catch {
      cachedBootId = null;
    }
  }
  return cachedBootId;
}

/** The holder's script, and a guess at what it is when it is the server's entry (host.js built, index.ts in development). */
function describeCommand(command: string): string {
  return command === "host.js" || command === "index.ts" ? `${command}, the server?` : command;
}
