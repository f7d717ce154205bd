/**
 * Whether an error means the database cannot be reached (down, restarting, refusing connections), as opposed
 * to a bug or a bad query. Pages answer 503 with Retry-After for these, not 500 (entry.server.tsx), and so do resource
 * routes (server/database-fault-answers.ts).
 */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE", "EAI_AGAIN"]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception) and 57P01-57P03 (shut down, crashed, cannot connect now).
    if (/^08/.test(code) || /^57P0[1-3]$/.test(code)) return true;
  }
  // A FATAL error ends the session: the server refused or dropped the connection (e.g. a database not accepting connections).
  if (severity === "FATAL") return true;
  if (UNREACHABLE_MESSAGES.test(error.message)) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** How long a visitor or crawler should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 30;
