import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import { logger } from "#app/services/logger.server";
import { claimDatabaseDir, type DatabaseClaim } from "./embedded-database-claim.server";
import { fromThreadError, type PgliteThreadOptions, type ThreadError, type ThreadMessage, type ThreadRequest } from "./pglite-thread-protocol";

/** A request as the app writes it: the thread numbers it. */
type Outgoing = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/**
 * Marks a PgliteThread across copies of this module: the compiled host and the app's server build each bundle their
 * own, and the thread the host starts is the one the app's statements reach.
 */
const THREAD_BRAND = Symbol.for("white-streams.pglite-thread");

/** What Drizzle's PGlite driver calls on a transaction: its statements. */
export type ThreadTransaction = Pick<PgliteThread, "query" | "exec">;

/**
 * The embedded database on a thread of its own (docs/decisions/0040-embedded-database-thread.md). PGlite runs
 * PostgreSQL in WebAssembly on the thread that calls it: in the app's thread, every statement (a few milliseconds
 * for an enquiry's) held up every other request. Here the app's thread sends the statement and goes on with other
 * requests; the worker (pglite-thread.worker.ts) runs it on the machine's other core.
 *
 * It answers the part of PGlite's interface the app uses (Drizzle's driver: `query` and `transaction`; the change bus:
 * `listen`), with PGlite's own semantics: one statement at a time, and a transaction holds the database until it
 * ends. Parsers are applied here, on the values the worker leaves as text.
 */
export class PgliteThread {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private stopped: Error | null = null;
  /** The SQL of the app's prepared statements, run under a name on the thread (pglite-named-statements.ts). */
  private readonly namedSql = new Set<string>();

  readonly [THREAD_BRAND] = true;

  /** Whether `value` is the embedded database's thread, whichever copy of this module started it. */
  static isThread(value: unknown): value is Pick<PgliteThread, "prepare"> {
    return typeof value === "object" && value !== null && (value as { [THREAD_BRAND]?: unknown })[THREAD_BRAND] === true;
  }

  private constructor(
    private readonly worker: Worker,
    private readonly claim: DatabaseClaim | undefined,
  ) {
    worker.on("message", (message: ThreadMessage) => this.receive(message));
    worker.on("error", (error) => this.stop(error));
    worker.on("exit", (code) => {
      // The thread is gone, and PGlite's files with it: the folder is free for the next process.
      this.claim?.release();
      this.stop(new Error(`the embedded database's thread exited with code ${code}`));
    });
    // Only work in flight keeps the process alive (a script that forgets close() still ends).
    worker.unref();
  }

  /**
   * Starts the thread and opens the database on it; resolves once it answers. A folder is claimed for this process
   * first (embedded-database-claim.server.ts): one that another process has open is refused at once, before PGlite
   * touches a file, and the claim is held until close().
   */
  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const claim = options.dataDir === undefined ? undefined : claimDatabaseDir(options.dataDir);
    let worker: Worker;
    try {
      worker = startWorker(options);
    } catch (error) {
      claim?.release();
      throw error;
    }
    let onMessage = (_message: ThreadMessage) => {};
    let onExit = (_code: number) => {};
    let onError = (_error: Error) => {};
    try {
      await new Promise<void>((ready, failed) => {
        onMessage = (message) => {
          if (message.op === "ready") ready();
          if (message.op === "failed-to-start") failed(fromThreadError(message.error));
        };
        onExit = (code) => failed(new Error(`the embedded database's thread exited with code ${code} while starting`));
        onError = failed;
        worker.on("message", onMessage).on("exit", onExit).on("error", onError);
      });
    } catch (error) {
      await worker.terminate();
      claim?.release();
      throw error;
    } finally {
      worker.off("message", onMessage).off("exit", onExit).off("error", onError);
    }
    return new PgliteThread(worker, claim);
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.queryIn(undefined, sql, params, options);
  }

  /**
   * Marks a statement the app runs many times (`preparedStatement`): the thread parses and plans it once and keeps it
   * under a name, as node-postgres does with a named query on a PostgreSQL server.
   */
  prepare(sql: string): void {
    this.namedSql.add(sql);
  }

  exec(sql: string): Promise<Results[]> {
    return this.send({ op: "exec", sql }) as Promise<Results[]>;
  }

  /**
   * Runs `work` in a transaction: committed when it resolves, rolled back when it throws (then rethrown). Statements
   * from outside the transaction wait until it ends, as in PGlite itself.
   */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.send({ op: "begin" })) as number;
    const tx: ThreadTransaction = {
      query: (sql, params = [], options = {}) => this.queryIn(txId, sql, params, options),
      exec: (sql) => this.send({ op: "exec", txId, sql }) as Promise<Results[]>,
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await this.send({ op: "end", txId, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.send({ op: "end", txId, commit: true });
    return result;
  }

  /** Calls `onPayload` for every NOTIFY on the channel; resolves, once LISTEN has run, with the way to stop. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listenerId = this.nextId++;
    this.listeners.set(listenerId, onPayload);
    await this.send({ op: "listen", listenerId, channel });
    return async () => {
      this.listeners.delete(listenerId);
      await this.send({ op: "unlisten", listenerId });
    };
  }

  /** Closes the database (its files are written) and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    await this.send({ op: "close" });
    this.stopped = new Error("the embedded database is closed");
    await this.worker.terminate();
    this.claim?.release();
  }

  private async queryIn<T>(txId: number | undefined, sql: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const parsers = options.parsers ?? {};
    const textTypes = Object.keys(parsers).map(Number);
    const named = this.namedSql.has(sql);
    const results = (await this.send({ op: "query", txId, sql, params, rowMode: options.rowMode ?? "object", textTypes, named })) as Results<T>;
    if (textTypes.length > 0) applyParsers(results, parsers);
    return results;
  }

  private send(request: Outgoing): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(message: ThreadMessage) {
    if (message.op === "notify") {
      this.listeners.get(message.listenerId)?.(message.payload);
      return;
    }
    if (message.op !== "reply") return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(fromThreadError(message.error));
  }

  /**
   * The thread is gone: everything waiting, and everything sent later, fails as an unreachable database would (pages
   * answer 503, the health check says the database is down, so a supervisor restarts the process).
   */
  private stop(cause: Error) {
    if (this.stopped) return;
    logger.fatal({ err: cause }, "the embedded database's thread stopped");
    const error: ThreadError = {
      message: `The embedded database stopped: ${cause.message}`,
      name: "Error",
      fields: { severity: "FATAL", code: "57P01" },
    };
    this.stopped = fromThreadError(error);
    for (const waiting of this.pending.values()) waiting.reject(this.stopped);
    this.pending.clear();
  }
}

/** Applies the caller's parsers to the columns of their types, which the worker sent as text. */
function applyParsers(results: Results<unknown>, parsers: NonNullable<QueryOptions["parsers"]>) {
  results.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    for (const row of results.rows as Record<string | number, unknown>[]) {
      const key = Array.isArray(row) ? index : field.name;
      if (typeof row[key] === "string") row[key] = parse(row[key]);
    }
  });
}

/**
 * The thread's JavaScript heap. V8 grows a heap lazily while it allocates fast, and the bench's 1,000 requests left
 * the thread holding some 400 MB of garbage (the process: 812 MB after them; 436 MB with this bound). What it holds
 * alive is one statement's rows at a time, and every large read is paged (catalogue, sitemap and export pages of at most a
 * few hundred rows); the database's own memory (WebAssembly) is outside this bound.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128 };

/**
 * The compiled worker next to the compiled host (`npm run build` writes it); from source (tests, scripts,
 * `npm run dev`), the TypeScript module through tsx's loader, which a new thread does not inherit.
 */
function startWorker(options: PgliteThreadOptions): Worker {
  const compiled = new URL("./pglite-thread.worker.js", import.meta.url);
  if (fs.existsSync(fileURLToPath(compiled))) return new Worker(compiled, { workerData: options, resourceLimits: WORKER_LIMITS });
  const source = new URL("./pglite-thread.worker.ts", import.meta.url).href;
  const tsxApi = import.meta.resolve("tsx/esm/api");
  const load = `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(load, { eval: true, workerData: options, resourceLimits: WORKER_LIMITS });
}
