import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import type { DatabaseHandle } from "#app/db/client.server";
import { servicesContext } from "#app/db/context";
import { parseEnv, type Env } from "#app/env.server";
import { createAppServices, type AppServices, type AppServicesOptions } from "#app/services/app-services.server";

export const TEST_SITE = "http://shop.test";

/** Settings for tests: the real parser over a few overrides (a fresh data folder, no mail, a known site URL). */
export function testEnv(overrides: Record<string, string> = {}): Env {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-test-"));
  return parseEnv({ NODE_ENV: "test", SITE_URL: TEST_SITE, DATA_DIR: dataDir, ...overrides });
}

/**
 * The app's own services around a test database, made by the same code as in production. Background work
 * (LISTEN, the outbox worker) is on only when asked for, so tests drive the worker themselves.
 */
export async function createTestServices(
  database: DatabaseHandle,
  options: Partial<Omit<AppServicesOptions, "database">> & { envOverrides?: Record<string, string> } = {},
): Promise<{ services: AppServices; stop(): Promise<void> }> {
  const env = options.env ?? testEnv(options.envOverrides);
  return createAppServices({ database, env, transport: null, background: false, ...options });
}

/** A router context as the host builds it for a request. */
export function contextFor(services: AppServices, request: { clientIp?: string } = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, { ...services, nonce: "", clientIp: request.clientIp ?? "198.51.100.1" });
  return context;
}
