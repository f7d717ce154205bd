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
  };
}
