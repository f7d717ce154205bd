import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

/**
 * A first start on an empty DATA_DIR creates the embedded database: PostgreSQL's initdb runs inside PGlite's
 * WebAssembly memory, which grows to some 700 MB for it and is never given back; the migrations and the seed add
 * more. So that work runs in a process of its own (set-up-database.js, beside this file), whose memory goes with
 * it, and the server then opens the database as on any later start: it held 730 MB at idle after a first start,
 * and 338 MB with the set-up on a thread of its own, against 282 MB after a restart.
 */
export async function setUpNewDatabase(): Promise<void> {
  const script = fileURLToPath(new URL("./set-up-database.js", import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, script], { stdio: "inherit" });
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`creating the new database failed (${signal ?? `exit code ${code}`}); see the lines above`);
}
