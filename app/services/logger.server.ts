import pino from "pino";
import { getEnv } from "#app/env.server";
import { describeError } from "./log-redaction.server";

/**
 * JSON-lines logger shared by the host and the app: one line per event. pino writes every value as a JSON
 * string, so a newline or NUL in user input is escaped (\n, \u0000) and can never start a forged line.
 * Secrets never reach it: fields named like one are censored, and errors drop the query parameters
 * Drizzle puts in their messages (a session token, a password hash). See docs/decisions/0017-json-logs-and-security-events.md.
 */
export const logger = pino({
  level: getEnv().LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  serializers: { err: describeError, error: describeError },
  redact: {
    paths: [
      "password",
      "*.password",
      "newPassword",
      "*.newPassword",
      "currentPassword",
      "*.currentPassword",
      "token",
      "*.token",
      "cookie",
      "*.cookie",
      "headers.cookie",
      "headers.authorization",
      '*.headers["set-cookie"]',
      "*.headers.cookie",
      "*.headers.authorization",
      "secret",
      "*.secret",
    ],
    censor: "[redacted]",
  },
});
