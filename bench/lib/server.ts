import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { FIRST_PASS_DELAY_MS } from "#app/db/embedded-upkeep.server";
import { BUILD_DIR, HOST, ROOT, log } from "./common";

/**
 * Builds the production site into build-bench/ as `npm start` does (scripts/build-if-changed.ts: the app's own
 * `npm run build`, skipped when the sources have not changed since the last one), which also leaves the stamp
 * that lets the start-up measurement time `npm start` on an up-to-date install.
 */
export function buildSite(): void {
  log(`building the production site into ${path.relative(ROOT, BUILD_DIR)}/ (skipped when the code has not changed) …`);
  const started = Date.now();
  const result = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/build-if-changed.ts"], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: path.relative(ROOT, BUILD_DIR), NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
    timeout: 5 * 60_000,
  });
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status ?? result.signal})`);
  log(`build ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const serveScript = () =>
  (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.serve ?? "";

/** The flags `npm run serve` gives Node.js (package.json), e.g. `--max-semi-space-size=4`. */
function serveNodeFlags(): string[] {
  return (
    serveScript()
      .match(/\bnode((?:\s+--[\w-]+(?:=\S+)?)*)/)?.[1]
      ?.trim()
      .split(/\s+/)
      .filter(Boolean) ?? []
  );
}

/** The variables `npm run serve` sets before `node` (package.json), e.g. `MALLOC_ARENA_MAX=2`. */
function serveEnv(): Record<string, string> {
  const assignments = serveScript().match(/^((?:[A-Z_]+=\S+\s+)*)node\b/)?.[1] ?? "";
  return Object.fromEntries(
    assignments
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => pair.split("=", 2) as [string, string]),
  );
}

export type RunningServer = {
  origin: string;
  port: number;
  pid: number;
  dataDir: string;
  /** When it first answered /healthz (performance.now()). */
  readyAt: number;
  stop(): Promise<void>;
};

/** Long enough for the embedded database's first upkeep pass (a vacuum of a 20-listing catalogue) to be over. */
const UPKEEP_MARGIN_MS = 2_000;

/**
 * Resolves once every server is past its start-up work: the embedded database's first upkeep pass runs a few seconds
 * after start and holds the database thread while it vacuums. A part that measures a server it has just started waits
 * for this, so that one-off pass is not timed as the steady cost of what the part measures.
 */
export async function pastStartUpWork(...servers: RunningServer[]): Promise<void> {
  const due = Math.max(...servers.map((server) => server.readyAt)) + FIRST_PASS_DELAY_MS + UPKEEP_MARGIN_MS;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
}

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
export async function startServer(options: {
  port: number;
  dataDir: string;
  label: string;
  env?: Record<string, string>;
  /** Node.js flags besides `npm run serve`'s own (the memory part's --inspect). */
  nodeFlags?: string[];
}): Promise<RunningServer> {
  const { port, dataDir, label } = options;
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = fs.openSync(path.join(dataDir, "server.log"), "a");
  // The compiled host, as `npm run serve` runs it (with its Node.js flags, which shape the server's memory).
  const child = spawn(process.execPath, [...serveNodeFlags(), ...(options.nodeFlags ?? []), path.join(BUILD_DIR, "server/host.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...serveEnv(),
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
        return { origin, port, pid: child.pid!, dataDir, readyAt: performance.now(), stop };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`the ${label} server did not answer /healthz within 120 s; see ${path.join(dataDir, "server.log")}`);
}
