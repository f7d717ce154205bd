/**
 * Creates an administrator: npm run admin:create -- --email you@example.com --password "a long passphrase" [--name "Your Name"]
 * Uses the same settings as the server (DATABASE_URL or the PGlite database in DATA_DIR).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { AdminAccountError, createAdminUser } from "#app/services/auth-admin.server";
import { issueSetupLink } from "#app/services/auth-setup.server";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  strict: true,
});

if (!values.email || !values.password) {
  console.error('Usage: npm run admin:create -- --email you@example.com --password "at least 12 characters" [--name "Your Name"]');
  process.exit(2);
}

const env = getEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.dataDir, "db") });
let exitCode = 0;
try {
  await database.migrate();
  const user = await createAdminUser(database.db, env, { email: values.email, password: values.password, name: values.name ?? "Administrator" });
  // An admin now exists, so any printed set-up link stops working.
  await issueSetupLink(database.db, env);
  console.log(`Administrator created: ${user.email}. Sign in at ${env.siteUrl}/sign-in`);
} catch (error) {
  exitCode = 1;
  console.error(error instanceof AdminAccountError ? `Could not create the administrator: ${error.message}` : error);
} finally {
  // PGlite keeps the process alive for seconds unless closed.
  await database.close();
}
process.exit(exitCode);
