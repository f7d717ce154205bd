import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./tests/setup/chromium";

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  webServer: {
    command: "tsx tests/setup/e2e-server.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    // NODE_ENV must be set before the process starts: React picks its build when first loaded.
    // Every browser test posts from 127.0.0.1; the per-IP enquiry limit itself is covered by integration tests.
    env: {
      NODE_ENV: "production",
      ENQUIRY_RATE_LIMIT: "1000",
      PORT: String(port),
      LOG_LEVEL: "warn",
      SITE_URL: baseURL,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
    },
  },
  projects: [{ name: "chromium" }],
});
