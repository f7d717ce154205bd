import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BUILD_DIR, HOST, ROOT, log } from "./common";

/** Builds the production site into build-bench/ (the app's own `react-router build`). */
export function buildSite(): void {
  log(`building the production site into ${path.relative(ROOT, BUILD_DIR)}/ …`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: path.relative(ROOT, BUILD_DIR), NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
    timeout: 5 * 60_000,
  });
  if (result.status !== 0) throw new Error(`react-router build failed (exit ${result.status ?? result.signal})`);
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export type RunningServer = { origin: string; port: number; dataDir: string; stop(): Promise<void> };

/** Every server this run started, so a failure or Ctrl-C still stops them. */
const running = new Set<ChildProcess>();

function killAll() {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}
process.once("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

/**
 * Starts the production server (server/index.ts on the bench build) on loopback, and resolves when
 * /healthz answers. Its log goes to DATA_DIR/server.log, warnings and up only, so it costs no CPU
 * during the throughput runs.
 */
export async function startServer(options: { port: number; dataDir: string; label: string; env?: Record<string, string> }): Promise<RunningServer> {
  const { port, dataDir, label } = options;
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = fs.openSync(path.join(dataDir, "server.log"), "a");
  // `node --import tsx` is `tsx server/index.ts` without tsx's wrapper process, so one kill stops it.
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: path.relative(ROOT, BUILD_DIR),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST,
      SITE_URL: `http://${HOST}:${port}`,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", logFile, logFile],
  });
  fs.closeSync(logFile);
  running.add(child);
  const origin = `http://${HOST}:${port}`;
  log(`starting the ${label} server on ${origin} (pid ${child.pid}) …`);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return void running.delete(child);
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 12_000);
    await exited;
    clearTimeout(timer);
    running.delete(child);
    log(`stopped the ${label} server`);
  };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      throw new Error(`the ${label} server exited early (${child.exitCode ?? child.signalCode}); see ${path.join(dataDir, "server.log")}`);
    }
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        log(`the ${label} server is ready`);
        return { origin, port, dataDir, stop };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`the ${label} server did not answer /healthz within 120 s; see ${path.join(dataDir, "server.log")}`);
}
