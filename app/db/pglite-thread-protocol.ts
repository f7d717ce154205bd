/**
 * The messages between the app and the embedded database's thread (pglite-thread.server.ts and its worker). Only
 * plain data crosses: SQL, parameters and rows are copied by the structured-clone algorithm.
 */

/** What the worker is started with. */
export type PgliteThreadOptions = {
  /** Folder of the database files; `undefined` keeps the database in memory (tests). */
  dataDir: string | undefined;
};

export type ThreadRequest =
  | {
      op: "query";
      id: number;
      /** The open transaction this statement belongs to; none: a statement of its own. */
      txId?: number;
      sql: string;
      params: unknown[];
      rowMode: "array" | "object";
      /** Types the caller parses itself (its parsers are functions, which cannot cross): they arrive as text. */
      textTypes: number[];
      /** One of the app's prepared statements: run under a name, parsed and planned once (pglite-named-statements.ts). */
      named?: boolean;
    }
  | { op: "exec"; id: number; txId?: number; sql: string }
  /** Starts a transaction; answered with its txId once BEGIN has run. */
  | { op: "begin"; id: number }
  /** Ends a transaction: COMMIT, or ROLLBACK when `commit` is false. */
  | { op: "end"; id: number; txId: number; commit: boolean }
  | { op: "listen"; id: number; listenerId: number; channel: string }
  | { op: "unlisten"; id: number; listenerId: number }
  | { op: "close"; id: number };

/** A database error as plain data: its message and PostgreSQL's fields (code, severity, detail, constraint…). */
export type ThreadError = { message: string; name: string; fields: Record<string, string | number | boolean | null> };

export type ThreadMessage =
  | { op: "ready" }
  | { op: "failed-to-start"; error: ThreadError }
  | { op: "reply"; id: number; ok: true; value: unknown }
  | { op: "reply"; id: number; ok: false; error: ThreadError }
  | { op: "notify"; listenerId: number; payload: string };

/** Copies an error's message and its primitive fields; anything else it holds (functions, options) cannot cross. */
export function toThreadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), name: "Error", fields: {} };
  const fields: ThreadError["fields"] = {};
  for (const [key, value] of Object.entries(error) as [string, unknown][]) {
    if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

/** The error the caller sees: an Error carrying the same message and fields, so `code` and `severity` checks still work. */
export function fromThreadError(error: ThreadError): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  rebuilt.name = error.name;
  return rebuilt;
}
