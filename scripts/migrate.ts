/** Runs the committed SQL migrations (drizzle/) on the database the settings choose: npm run db:migrate */
import { openDatabaseForCommand } from "./open-database";
import { getEnv } from "#app/env.server";

const env = getEnv();
const database = await openDatabaseForCommand(env);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
