import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./tests/setup/chromium";
import { e2eServerEnv } from "./tests/setup/e2e-server-env";

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
    // The server builds nothing, but migrating and seeding a fresh database can take a minute on a busy machine.
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: e2eServerEnv(port),
  },
  projects: [{ name: "chromium" }],
});
