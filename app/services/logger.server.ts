import pino from "pino";

/** JSON-lines logger shared by the host and the app. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});
