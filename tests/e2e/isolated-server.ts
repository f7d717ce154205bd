import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { test as base } from "./fixtures";
import { e2eServerEnv } from "../setup/e2e-server-env";

/**
 * A private copy of the browser tests' server (same build, same fixtures, its own empty data folder) for a
 * test whose assertions are about site-wide figures, which tests running in parallel would otherwise move:
 * the media library's totals, the enquiry bell. Costs a server start (about 10-20 s), so use it sparingly.
 */
export const test = base.extend<{ isolatedServer: string; isolatedServerEnv: Record<string, string> }>({
  /** Settings of this test's own server beyond the shared ones, e.g. `test.use({ isolatedServerEnv: { RATES_STALE_SECONDS: "1" } })`. */
  isolatedServerEnv: [{}, { option: true }],
  isolatedServer: async ({ isolatedServerEnv }, provide) => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-e2e-isolated-"));
    const child = spawn(process.execPath, ["--import", "tsx", "tests/setup/e2e-server.ts"], {
      env: { ...process.env, ...e2eServerEnv(port), ...isolatedServerEnv, DATA_DIR: dataDir },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
    const baseURL = `http://localhost:${port}`;
    try {
      await waitForHealth(
        baseURL,
        () => child.exitCode !== null,
        () => errors,
      );
      await provide(baseURL);
    } finally {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
  // Pages of a test that asks for the private server talk to it.
  baseURL: async ({ isolatedServer }, provide) => provide(isolatedServer),
});

export { expect } from "./fixtures";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForHealth(baseURL: string, hasExited: () => boolean, errors: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error(`The private test server exited:\n${errors()}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The private test server did not answer within 60 s:\n${errors()}`);
}
