import type { Database } from "./client.server";

/**
 * A statement the app runs many times with different values, built once per database: Drizzle's prepared query keeps
 * the SQL text and fills in the placeholders (`sql.placeholder`) on each run. Building an enquiry's statements anew each
 * time (the CTEs of storing it and recording its e-mails) cost the server more of its main thread than sending them.
 * On PostgreSQL the query's name also makes it a prepared statement on each connection, so its plan is kept as well.
 */
export function preparedStatement<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
