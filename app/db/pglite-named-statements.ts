/**
 * Named (server-side prepared) statements for the embedded database, run on its thread (pglite-thread.worker.ts).
 *
 * PGlite's `query` sends every statement as an unnamed one: PostgreSQL parses, analyses and plans it again each time,
 * and PGlite makes six calls into the database for it (Parse, Describe, Bind, Describe, Execute, Sync). For the
 * statements the app marks as prepared (`preparedStatement`, app/db/prepared.server.ts: an enquiry's storing, its
 * messages' claiming and recording), this parses each once under a name, keeps PostgreSQL's plan cache, and sends one
 * batch per run (Bind, Describe, Execute, Sync) through PGlite's public wire-protocol call. That is what node-postgres
 * does with a named query on a PostgreSQL server, where these statements already keep their plans.
 *
 * Measured on the bench's database, PGlite alone, 600 runs each: recording a sent e-mail 0.45-0.77 ms instead of
 * 1.8-2.2 ms, storing an enquiry 0.6-0.7 ms instead of 0.9-1.3 ms.
 */
import { parse, protocol, type PGlite, type Results, type RowMode } from "@electric-sql/pglite";

type Prepared = { name: string; paramTypes: number[] };

/** More statements than the app prepares; the least recently used one is closed beyond it. */
const MAX_STATEMENTS = 64;

/** PostgreSQL's answer when a table a named statement reads has changed shape since it was parsed. */
const PLAN_CHANGED = "0A000";

export type NamedQuery = { sql: string; params: unknown[]; rowMode: RowMode; textTypes: number[] };

export function namedStatements(db: PGlite) {
  const statements = new Map<string, Prepared>();
  const parserTables = new Map<string, Record<number, (value: string) => unknown>>();
  let counter = 0;

  /**
   * The database's parsers with the caller's text types left as text, built once per set of types: PGlite's own
   * `query` copies its whole table of parsers for each statement that brings parsers of its own.
   */
  function parsersKeeping(textTypes: number[]) {
    const key = textTypes.join(",");
    let table = parserTables.get(key);
    if (!table) {
      table = { ...db.parsers };
      for (const type of textTypes) table[type] = (value: string) => value;
      parserTables.set(key, table);
    }
    return table;
  }

  /**
   * Parses the statement under a new name and learns its parameters' types; closes the one it replaces (`stale`) and,
   * beyond the limit, the least recently used.
   */
  async function prepare(sql: string, stale?: Prepared): Promise<Prepared> {
    const name = `ws_statement_${++counter}`;
    const messages: Uint8Array[] = [];
    if (stale) messages.push(protocol.serialize.close({ type: "S", name: stale.name }));
    if (statements.size >= MAX_STATEMENTS) {
      const [oldestSql, oldest] = statements.entries().next().value!;
      statements.delete(oldestSql);
      messages.push(protocol.serialize.close({ type: "S", name: oldest.name }));
    }
    messages.push(protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: "S", name }), protocol.serialize.sync());
    const described = await db.execProtocol(concat(messages), { syncToFs: false });
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
    statements.set(sql, prepared);
    return prepared;
  }

  async function run<T>(prepared: Prepared, { params, rowMode, textTypes }: NamedQuery): Promise<Results<T>> {
    // As PGlite's own query turns values into parameters: its serializer for the parameter's type, else the text.
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serialize = db.serializers[prepared.paramTypes[index]!];
      if (serialize) return serialize(param);
      if (typeof param === "number" || typeof param === "bigint" || typeof param === "boolean") return String(param);
      return typeof param === "string" ? param : JSON.stringify(param);
    });
    const batch = concat([
      protocol.serialize.bind({ statement: prepared.name, values }),
      protocol.serialize.describe({ type: "P" }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    const { messages } = await db.execProtocol(batch);
    return parse.parseResults(messages, parsersKeeping(textTypes), { rowMode })[0] as Results<T>;
  }

  return {
    /**
     * Runs the statement under its name, prepared at its first run. Like PGlite's `query`, it waits for any open
     * transaction to end and runs alone.
     */
    query<T>(query: NamedQuery): Promise<Results<T>> {
      return db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(async () => {
          const known = statements.get(query.sql);
          if (known) {
            // Most recently used last: the first entry is the one closed when the limit is reached.
            statements.delete(query.sql);
            statements.set(query.sql, known);
          }
          try {
            return await run<T>(known ?? (await prepare(query.sql)), query);
          } catch (error) {
            if (!known || (error as { code?: unknown }).code !== PLAN_CHANGED) throw error;
            // A migration changed a table under it ("cached plan must not change result type"): parse it again.
            statements.delete(query.sql);
            return run<T>(await prepare(query.sql, known), query);
          }
        }),
      );
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
