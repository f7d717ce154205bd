import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { EmbeddedDatabaseInUseError, holderOf } from "../app/db/embedded-database-claim.server";

/**
 * A first start on an empty DATA_DIR creates the embedded database: PostgreSQL's initdb runs inside PGlite's
 * WebAssembly memory, which grows to some 700 MB for it and is never given back; the migrations and the seed add
 * more. So that work runs in a process of its own (set-up-database.js, beside this file), whose memory goes with
 * it, and the server then opens the database as on any later start: it held 730 MB at idle after a first start,
 * and 338 MB with the set-up on a thread of its own, against 282 MB after a restart.
 *
 * A set-up that fails or is stopped (Ctrl-C, SIGTERM) leaves no half-made database in `dir`: what it wrote is removed,
 * so the next start creates the database again instead of failing to open it. A folder another process has open
 * (a command such as `npm run admin:create` creating the database itself) is neither set up nor removed: the start is
 * refused (docs/decisions/0046-one-process-per-embedded-database.md).
 */
export async function setUpNewDatabase(dir: string): Promise<void> {
  refuseIfOpenElsewhere(dir);
  const script = fileURLToPath(new URL("./set-up-database.js", import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, script], { stdio: "inherit" });
  let stoppedBy: NodeJS.Signals | undefined;
  const passOn = (signal: NodeJS.Signals) => {
    stoppedBy = signal;
    child.kill(signal);
  };
  process.on("SIGINT", passOn).on("SIGTERM", passOn);
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  process.off("SIGINT", passOn).off("SIGTERM", passOn);
  if (code === 0) return;
  // Refused by a claim made meanwhile: what is in the folder is that process's.
  refuseIfOpenElsewhere(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  // Stopped on purpose: end as the signal asked, without an error to read.
  if (stoppedBy) process.kill(process.pid, stoppedBy);
  throw new Error(`creating the new database failed (${signal ?? `exit code ${code}`}); see the lines above`);
}

/** Ends the start, as the early start does (early-start.ts), with the one line that says who has the folder open. */
function refuseIfOpenElsewhere(dir: string) {
  const holder = holderOf(dir);
  if (!holder) return;
  console.error(new EmbeddedDatabaseInUseError(dir, holder).message);
  process.exit(1);
}
