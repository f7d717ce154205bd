/**
 * Whether an error is PostgreSQL refusing a value the client sent (SQLSTATE class 22, "data exception"): a NUL
 * character that reached the database through JSON (22021, 22P05), text where a number or id was expected (22P02),
 * a value too long for its column (22001), a number out of range (22003)... The request was bad, not the server:
 * it is answered 400, the way an unreachable database is answered 503 (db/unavailable.server.ts). Forms and
 * schemas should refuse such values first; this is the net under all of them.
 */
export function isClientDataException(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
  // Drizzle wraps the driver's error (pg's or PGlite's) as the cause of its own "Failed query" error.
  return isClientDataException(error.cause, depth + 1);
}
