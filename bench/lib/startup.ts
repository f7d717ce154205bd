import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BUILD_DIR, HOST, ROOT, log } from "./common";

export type StartupRun = { command: string; firstPageMs: number; idleRssMb?: number; skippedBuild?: boolean };

/** Every process below `pid` (npm → sh → node …), from /proc. */
function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/**
 * Resident memory of the server itself, in MB: the node process running host.js, the deepest of the chain
 * (sh names host.js in its command line too, and holds a few MB of its own).
 */
function serverRssMb(rootPid: number): number | undefined {
  let rss: number | undefined;
  for (const pid of descendants(rootPid)) {
    try {
      const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (!commandLine.some((part) => part.endsWith("host.js"))) continue;
      if (!path.basename(commandLine[0]!).startsWith("node")) continue;
      const kilobytes = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m)?.[1];
      if (kilobytes) rss = Math.round(Number(kilobytes) / 1024);
    } catch {
      // The process ended while we looked.
    }
  }
  return rss;
}

/**
 * Runs `npm run serve` or `npm start` as an operator would (on the bench build and an existing DATA_DIR), and
 * times the first 200 answer of the home page from the moment the command is launched. With `idleMs`, it then
 * leaves the server idle that long and reads its resident memory. The command runs in its own process group,
 * stopped with SIGTERM (the server's graceful shutdown) when done.
 */
export async function timeStartup(options: { script: "serve" | "start"; port: number; dataDir: string; idleMs?: number }): Promise<StartupRun> {
  const { script, port, dataDir } = options;
  const command = script === "serve" ? "npm run serve" : "npm start";
  const origin = `http://${HOST}:${port}`;
  const logPath = path.join(dataDir, `${script}.log`);
  const logFile = fs.openSync(logPath, "w");
  const started = performance.now();
  const child = spawn("npm", script === "serve" ? ["run", "serve"] : ["start"], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: path.relative(ROOT, BUILD_DIR),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST,
      SITE_URL: origin,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", logFile, logFile],
  });
  fs.closeSync(logFile);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stopGroup = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, "SIGTERM");
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 12_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    let firstPageMs: number | undefined;
    while (performance.now() - started < 120_000 && firstPageMs === undefined) {
      if (child.exitCode !== null) throw new Error(`\`${command}\` exited (${child.exitCode}) before serving; see ${logPath}`);
      try {
        const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status === 200) firstPageMs = Math.round(performance.now() - started);
      } catch {
        // Not listening yet.
      }
      if (firstPageMs === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (firstPageMs === undefined) throw new Error(`\`${command}\` served no page within 120 s; see ${logPath}`);
    let idleRssMb: number | undefined;
    if (options.idleMs) {
      await new Promise((resolve) => setTimeout(resolve, options.idleMs));
      idleRssMb = serverRssMb(child.pid!);
    }
    const output = fs.readFileSync(logPath, "utf8");
    const run: StartupRun = { command, firstPageMs, idleRssMb };
    if (script === "start") run.skippedBuild = output.includes("is up to date with the code");
    log(`  ${command}: first page after ${firstPageMs} ms${idleRssMb ? `, ${idleRssMb} MB resident when idle` : ""}`);
    return run;
  } finally {
    await stopGroup();
  }
}
