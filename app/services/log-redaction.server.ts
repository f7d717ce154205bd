/**
 * What may be written about a request or an error. Kept apart from the logger so the host's request log
 * and the app's error log share one rule (docs/decisions/0017-json-logs-and-security-events.md).
 */

/** Query parameters whose values are secrets (the set-up link's token, reset links, API keys). */
const SECRET_QUERY_KEY = /token|password|secret|code|key|signature|session/i;

/** The request target as it may be logged: the path, and the query with every secret-looking value replaced. */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart < 0) return url;
  const path = url.slice(0, queryStart);
  const query = url
    .slice(queryStart + 1)
    .split("&")
    .map((pair) => {
      const [rawKey = ""] = pair.split("=", 1);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, " "));
      } catch {
        // A malformed escape is logged as sent; it cannot hide a secret-looking name from the test below.
      }
      return SECRET_QUERY_KEY.test(key) ? `${rawKey}=[redacted]` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

type LoggableError = { type: string; message: string; stack?: string; code?: string; cause?: LoggableError };

/**
 * pino's error shape, minus what must not be logged. Drizzle's query errors carry the query's parameters
 * in their message ("Failed query: … params: <values>"), which may be a session token or a visitor's
 * message; only the SQL text and the database's own reason are kept.
 */
export function describeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const query = (error as { query?: unknown }).query;
  const hasParams = Array.isArray((error as { params?: unknown }).params);
  // Drizzle's query error: keep the SQL, never the values bound to it.
  const message = hasParams && typeof query === "string" ? `Failed query: ${query}` : error.message;
  const stackTail = error.stack?.includes(error.message) ? error.stack.slice(error.stack.indexOf(error.message) + error.message.length) : "";
  const described: LoggableError = { type: error.name, message, stack: `${error.name}: ${message}${stackTail}` };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") described.code = code;
  if (error.cause !== undefined && depth < 3) described.cause = describeError(error.cause, depth + 1) as LoggableError;
  return described;
}
