import os from "node:os";
import path from "node:path";
/** Where the server on this port drops the e-mails it sends (tests/e2e/mailbox.ts reads them). */
export function e2eMailDir(port: number): string {
  return path.join(os.tmpdir(), `ws-e2e-mail-${port}`);
}

/**
 * The settings of the browser tests' server, shared by the main server (playwright.config.ts) and the
 * private servers some tests start for themselves (tests/e2e/isolated-server.ts).
 * NODE_ENV must be set before the process starts: React picks its build when first loaded.
 * Every browser test posts from 127.0.0.1; the per-IP enquiry limit itself is covered by integration tests.
 */
export function e2eServerEnv(port: number): Record<string, string> {
  return {
    NODE_ENV: "production",
    ENQUIRY_RATE_LIMIT: "1000",
    PORT: String(port),
    LOG_LEVEL: "warn",
    SITE_URL: `http://localhost:${port}`,
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
    // Rates come from the fixtures (tests/setup/e2e-fixtures.ts); the provider is never asked.
    RATES_REFRESH_SECONDS: "0",
    E2E_MAIL_DIR: e2eMailDir(port),
  };
}
