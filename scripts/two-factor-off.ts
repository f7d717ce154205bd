/**
 * Turns two-step sign-in off for a member of staff who has lost both their phone and their recovery codes:
 *   npm run admin:two-factor-off -- --email them@example.com
 * Their password is unchanged; they sign in with it alone and can set two-step sign-in up again on their account
 * page. Written to the audit trail. Uses the same settings as the server (DATABASE_URL or the PGlite database in DATA_DIR).
 */
import { parseArgs } from "node:util";
import { openDatabaseForCommand } from "./open-database";
import { getEnv } from "#app/env.server";
import { turnOffTwoFactorByOperator } from "#app/services/two-factor.server";

const { values } = parseArgs({ options: { email: { type: "string" } }, strict: true });
if (!values.email) {
  console.error("Usage: npm run admin:two-factor-off -- --email them@example.com");
  process.exit(2);
}

const database = await openDatabaseForCommand(getEnv());
let exitCode = 0;
try {
  await database.migrate();
  const result = await turnOffTwoFactorByOperator(database.db, values.email);
  if (!result) {
    console.error(`No account has the address ${values.email}.`);
    exitCode = 1;
  } else {
    console.log(
      result.wasOn
        ? `Two-step sign-in is off for ${result.email}; their password alone signs them in.`
        : `Two-step sign-in was not on for ${result.email}; nothing changed.`,
    );
  }
} finally {
  await database.close();
}
process.exit(exitCode);
