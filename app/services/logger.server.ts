import pino from "pino";
import { getEnv } from "#app/env.server";

/** JSON-lines logger shared by the host and the app. */
export const logger = pino({
  level: getEnv().LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
});
