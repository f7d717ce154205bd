import { openDatabaseFromEnv, type DatabaseHandle } from "#app/db/client.server";
import { isEmbeddedDatabaseInUse } from "#app/db/embedded-database-claim.server";
import type { Env } from "#app/env.server";

/**
 * The database the settings choose, for an operator's command. An embedded database another process has open (the
 * running server, most often) is refused before anything is read or written: the command prints why and ends with
 * exit code 1, instead of working on a copy the server never sees (docs/decisions/0046-one-process-per-embedded-database.md).
 */
export async function openDatabaseForCommand(
  env: Pick<Env, "DATABASE_URL" | "dataDir" | "migrationsDir" | "DATABASE_POOL_SIZE">,
): Promise<DatabaseHandle> {
  try {
    return await openDatabaseFromEnv(env);
  } catch (error) {
    if (!isEmbeddedDatabaseInUse(error)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
