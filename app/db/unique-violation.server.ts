/** Whether a database error (or one it wraps, as Drizzle does) is PostgreSQL's unique violation, 23505. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === "23505") return true;
  }
  return false;
}

/**
 * Runs an insert-or-update once more when it failed on a unique index: two writers inserting the same new row at the
 * same moment on a PostgreSQL server, where the statement's ON CONFLICT guards one unique index and the table has
 * another. The row exists by the second run, which updates it.
 */
export async function againOnUniqueViolation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return run();
  }
}
