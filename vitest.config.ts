import { defineConfig } from "vitest/config";

/** Tests that run the production build as a child process: `npm run build` first (npm test does). */
const NEEDS_BUILD = [
  "server/server.test.ts",
  "server/site-name.test.ts",
  "server/live-bell-processes.test.ts",
  "server/log-canaries.test.ts",
  "server/sign-in-throttle.test.ts",
  "server/hostile-input.test.ts",
  "server/route-walk.test.ts",
  "server/account-plain-forms.test.ts",
  "server/security-events.test.ts",
  "server/page-cache.test.ts",
  "server/enquiry-answers.test.ts",
  "server/page-titles.test.ts",
  "server/error-answers.test.ts",
];

// Separate from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  resolve: { alias: { "#app": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      // `npm run test:unit`: everything that needs no build, for a fast loop while working.
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/stubs/**/*.test.ts"],
          exclude: NEEDS_BUILD,
        },
      },
      // `npm run test:build`: the production server itself; fails at once if there is no build.
      { extends: true, test: { name: "build", include: NEEDS_BUILD, globalSetup: ["tests/setup/require-build.ts"] } },
    ],
  },
});
