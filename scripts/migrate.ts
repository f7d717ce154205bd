/** Runs the committed SQL migrations (drizzle/) on the database the settings choose: npm run db:migrate */
import { openDatabaseFromEnv } from "#app/db/client.server";
import { getEnv } from "#app/env.server";

const env = getEnv();
const database = await openDatabaseFromEnv(env);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
