/**
 * Starts the production build for the browser tests on a fresh data folder, after writing the
 * fixtures the tests need into the database (the server itself runs unchanged).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { openDatabaseFromEnv } from "../../app/db/client.server";
import { parseEnv } from "../../app/env.server";
import { seedCatalogue } from "../../app/db/seed/seed.server";
import { writeE2eFixtures } from "./e2e-fixtures";
import { startSmtpStub } from "../stubs/smtp-stub";

const dataDir = process.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "ws-e2e-"));
process.env.DATA_DIR = dataDir;
// A real SMTP server on loopback receives the site's e-mails, so enquiries are sent at once (the spec's
// success words) and the inbox shows real delivery states.
// Each message is also written to E2E_MAIL_DIR, where browser tests read the links they carry (tests/e2e/mailbox.ts).
const mailDir = process.env.E2E_MAIL_DIR;
if (mailDir) {
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });
}
let mailCount = 0;
const smtp = await startSmtpStub(0, (mail) => {
  if (mailDir)
    fs.writeFileSync(
      path.join(mailDir, `${Date.now()}-${++mailCount}.json`),
      JSON.stringify({ to: mail.envelopeTo, subject: mail.headers.subject, raw: mail.raw }),
    );
});
process.env.SMTP_URL ??= smtp.url;

const handle = await openDatabaseFromEnv(parseEnv());
await handle.migrate();
await seedCatalogue(handle.db);
await writeE2eFixtures(handle.db);
await handle.close();

// The compiled host, as `npm run serve` runs it (a path, so the test's TypeScript loader plays no part).
await import(pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/host.js")).href);
