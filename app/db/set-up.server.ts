import type { DatabaseHandle } from "#app/db/client.server";
import { seedCatalogue } from "#app/db/seed/seed.server";
import type { Env } from "#app/env.server";
import { logger } from "#app/services/logger.server";

/** Brings a database up to date at start: the migrations, then (SEED_ON_START) the seeded listings that are missing. */
export async function setUpDatabase(database: DatabaseHandle, env: Pick<Env, "SEED_ON_START">): Promise<void> {
  await database.migrate();
  if (env.SEED_ON_START) {
    const { inserted } = await seedCatalogue(database.db);
    if (inserted > 0) logger.info({ inserted }, "seeded catalogue listings");
  }
}
