/**
 * Creates an Owner (full access to /edit), or promotes an existing account to Owner:
 *   npm run admin:create -- --email you@example.com --password "a long passphrase" [--name "Your Name"]
 * For an address that already has an account, the account becomes an active Owner (a deactivated one is
 * reactivated) and its password is left as it is (--password is then not needed and is ignored). Uses the same settings as the server (DATABASE_URL or
 * the PGlite database in DATA_DIR).
 */
import { parseArgs } from "node:util";
import { openDatabaseForCommand } from "./open-database";
import { getEnv } from "#app/env.server";
import { recordAudit } from "#app/models/audit.server";
import { createStaffUser, promoteToOwner, StaffAccountError } from "#app/services/auth-admin.server";
import { createAuthForDatabase } from "#app/services/auth-instance.server";
import { issueSetupLink } from "#app/services/auth-setup.server";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  strict: true,
});

if (!values.email) {
  console.error('Usage: npm run admin:create -- --email you@example.com --password "at least 12 characters" [--name "Your Name"]');
  process.exit(2);
}

const env = getEnv();
/**
 * Where to sign in. Only SITE_URL names the site's address for sure: without it this command knows its own PORT
 * (3000 unless set), not the running server's, so it names the port only when PORT is set here too.
 */
const signIn = env.SITE_URL
  ? `Sign in at ${env.siteUrl}/sign-in`
  : process.env.PORT
    ? `Sign in at ${env.siteUrl}/sign-in (set SITE_URL if the site has another address)`
    : "Sign in at /sign-in on the address the server printed when it started";
const database = await openDatabaseForCommand(env);
let exitCode = 0;
try {
  await database.migrate();
  const promoted = await promoteToOwner(database.db, values.email);
  if (promoted) {
    const roleChanged = promoted.previousRole !== "owner";
    if (roleChanged)
      await recordAudit(database.db, {
        actor: "system",
        kind: "user",
        action: "role changed",
        subjectId: promoted.id,
        subjectLabel: promoted.email,
        changes: { role: { before: promoted.previousRole, after: "owner" } },
      });
    if (promoted.reactivated)
      await recordAudit(database.db, {
        actor: "system",
        kind: "user",
        action: "reactivated",
        subjectId: promoted.id,
        subjectLabel: promoted.email,
        changes: { status: { before: "Deactivated", after: "Active" } },
      });
    const what = [roleChanged ? "now an Owner" : "", promoted.reactivated ? "active again (it had been deactivated)" : ""].filter(Boolean);
    console.log(
      what.length === 0
        ? `${promoted.email} is already an active Owner; nothing changed.`
        : `${promoted.email} is ${what.join(" and ")}; its password is unchanged. ${signIn}`,
    );
  } else {
    if (!values.password) throw new StaffAccountError("Give a --password of at least 12 characters for the new account.");
    const auth = await createAuthForDatabase(database.db, env);
    const user = await createStaffUser(
      { db: database.db, auth },
      { email: values.email, password: values.password, name: values.name ?? "Administrator", role: "owner" },
    );
    await recordAudit(database.db, {
      actor: "system",
      kind: "user",
      action: "created",
      subjectId: user.id,
      subjectLabel: user.email,
      changes: { role: { before: null, after: "owner" } },
    });
    console.log(`Owner account created: ${user.email}. ${signIn}`);
  }
  // An Owner now exists, so any printed set-up link stops working.
  await issueSetupLink(database.db, env);
} catch (error) {
  exitCode = 1;
  console.error(error instanceof StaffAccountError ? `Could not create the account: ${error.message}` : error);
} finally {
  // PGlite keeps the process alive for seconds unless closed.
  await database.close();
}
process.exit(exitCode);
