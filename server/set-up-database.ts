/**
 * Creates, migrates and seeds a new embedded database, then ends: the production entry (server/start.ts) runs it as a
 * process of its own on a first start (server/first-start.ts). Compiled beside host.js as set-up-database.js.
 */
import { openDatabaseFromEnv } from "../app/db/client.server";
import { isEmbeddedDatabaseInUse } from "../app/db/embedded-database-claim.server";
import { setUpDatabase } from "../app/db/set-up.server";
import { getEnv } from "../app/env.server";
import { logger } from "../app/services/logger.server";

const env = getEnv();
const database = await openDatabaseFromEnv(env).catch((error: unknown) => {
  // Another process opened the folder since the entry looked (first-start.ts says so, and leaves the folder alone).
  if (isEmbeddedDatabaseInUse(error)) process.exit(1);
  throw error;
});
try {
  await setUpDatabase(database, env);
  logger.info("new database created");
} finally {
  await database.close();
}
