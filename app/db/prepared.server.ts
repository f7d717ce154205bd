import type { Database } from "./client.server";
import { PgliteThread } from "./pglite-thread.server";

/**
 * A statement the app runs many times with different values, built once per database: Drizzle's prepared query keeps
 * the SQL text and fills in the placeholders (`sql.placeholder`) on each run. Building an enquiry's statements anew each
 * time (the CTEs of storing it and recording its e-mails) cost the server more of its main thread than sending them.
 * The database keeps its plan as well: on PostgreSQL the query's name makes it a prepared statement on each connection;
 * on the embedded database, whose driver drops the name, the thread is told to run it under a name of its own
 * (pglite-named-statements.ts).
 */
export function preparedStatement<T extends { getQuery(): { sql: string } }>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
      const client = (db as { $client?: unknown }).$client;
      if (PgliteThread.isThread(client)) client.prepare(statement.getQuery().sql);
    }
    return statement;
  };
}
