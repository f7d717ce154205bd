/** Seeds the catalogue where listings are missing (never overwrites what staff edited): npm run seed */
import { openDatabaseForCommand } from "./open-database";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { getEnv } from "#app/env.server";

const env = getEnv();
const database = await openDatabaseForCommand(env);
try {
  await database.migrate();
  const { inserted } = await seedCatalogue(database.db);
  console.log(inserted > 0 ? `Seeded ${inserted} listings.` : "Every seeded listing is already there; nothing changed.");
} finally {
  await database.close();
}
