/**
 * The embedded database's own thread: holds the PGlite instance and runs what the app sends it
 * (pglite-thread.server.ts). PGlite runs PostgreSQL in WebAssembly on the thread that calls it; here, that is this
 * one, so the app's thread keeps rendering pages and parsing forms while a statement runs.
 */
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { namedStatements } from "./pglite-named-statements";
import { toThreadError, type PgliteThreadOptions, type ThreadMessage, type ThreadRequest } from "./pglite-thread-protocol";

/**
 * PostgreSQL's default 128 MB of shared buffers is touched at start-up inside PGlite's WebAssembly memory: it was
 * a third of the idle server's memory. The embedded database serves one process and a small catalogue (larger
 * ones belong on PostgreSQL, docs/operations.md), and the operating system's file cache sits underneath.
 */
const PGLITE_SHARED_BUFFERS = "32MB";

const port = parentPort!;
const send = (message: ThreadMessage) => port.postMessage(message);
const keepText = (value: string) => value;

/** Open transactions: the handle statements run on, and how to end it (true: commit). */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; ended: Promise<void> }>();
const listeners = new Map<number, () => Promise<void>>();
let nextTxId = 1;

async function start(options: PgliteThreadOptions): Promise<PGlite> {
  // pg_trgm backs the catalogue's substring search indexes (see drizzle/0002_search_trigram.sql).
  const db = new PGlite({
    dataDir: options.dataDir,
    pgliteWasmModule: compilePostgres(),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await db.waitReady;
  return db;
}

/**
 * PostgreSQL's WebAssembly (9 MB), compiled here, at once. Left to PGlite, it is compiled asynchronously, and V8 then
 * held the thread for another 200-350 ms after the database said it was ready, before the first statement could run.
 * Compiled in one go it costs less CPU in all. Measured on the bench's data folder, PGlite alone: ready for the first
 * statement about 250 ms sooner, 300-500 ms less CPU, statements as fast. In the server, the database is now ready
 * before the main thread has loaded the app's code. Blocking is harmless: this thread has nothing else to do yet.
 */
function compilePostgres(): WebAssembly.Module {
  const wasm = new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite"));
  return new WebAssembly.Module(fs.readFileSync(wasm));
}

/** Starts a transaction and keeps it open until the app ends it; resolves with its id once BEGIN has run. */
function begin(db: PGlite): Promise<number> {
  return new Promise((started, failed) => {
    const txId = nextTxId++;
    const ended = db.transaction(async (tx) => {
      const commit = await new Promise<boolean>((end) => {
        transactions.set(txId, { tx, end, ended });
        started(txId);
      });
      // PGlite commits when this function returns, unless the transaction was rolled back in it.
      if (!commit) await tx.rollback();
    });
    // A failed BEGIN never opened it; a failed COMMIT is the app's to hear, through "end".
    ended.catch((error: unknown) => {
      if (!transactions.has(txId)) failed(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

async function end(txId: number, commit: boolean): Promise<void> {
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  transactions.delete(txId);
  open.end(commit);
  await open.ended;
}

/** The transaction a statement runs in, or the database itself. */
function runnerFor(db: PGlite, txId: number | undefined): PGlite | Transaction {
  if (txId === undefined) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open.tx;
}

async function handle(db: PGlite, named: ReturnType<typeof namedStatements>, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case "query": {
      // In a transaction a statement runs on it, unnamed: the app's prepared statements all run on their own.
      if (request.named && request.txId === undefined) {
        const { rows, fields, affectedRows } = await named.query(request);
        return { rows, fields, affectedRows };
      }
      const parsers = Object.fromEntries(request.textTypes.map((type) => [type, keepText]));
      const { rows, fields, affectedRows } = await runnerFor(db, request.txId).query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers,
      });
      return { rows, fields, affectedRows };
    }
    case "exec": {
      const results = await runnerFor(db, request.txId).exec(request.sql);
      return results.map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
    }
    case "begin":
      return begin(db);
    case "end":
      return end(request.txId, request.commit);
    case "listen": {
      const unlisten = await db.listen(request.channel, (payload) => send({ op: "notify", listenerId: request.listenerId, payload }));
      listeners.set(request.listenerId, unlisten);
      return undefined;
    }
    case "unlisten": {
      const unlisten = listeners.get(request.listenerId);
      listeners.delete(request.listenerId);
      await unlisten?.();
      return undefined;
    }
    case "close":
      await db.close();
      return undefined;
  }
}

try {
  const db = await start(workerData as PgliteThreadOptions);
  const named = namedStatements(db);
  port.on("message", (request: ThreadRequest) => {
    handle(db, named, request).then(
      (value) => send({ op: "reply", id: request.id, ok: true, value }),
      (error: unknown) => send({ op: "reply", id: request.id, ok: false, error: toThreadError(error) }),
    );
  });
  send({ op: "ready" });
} catch (error) {
  send({ op: "failed-to-start", error: toThreadError(error) });
}
