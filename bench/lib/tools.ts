import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BENCH_DIR, log } from "./common";

/**
 * Lighthouse and autocannon live in bench/node_modules, installed from bench/package.json the first
 * time the benchmark runs. They are loaded by path so the app's type check and lint never need them.
 */
const TOOLS = ["lighthouse", "autocannon", "chrome-launcher"] as const;
type Tool = (typeof TOOLS)[number];

const requireFromBench = createRequire(path.join(BENCH_DIR, "package.json"));

function installed(tool: Tool): boolean {
  return fs.existsSync(path.join(BENCH_DIR, "node_modules", tool, "package.json"));
}

export function ensureTools(): void {
  if (TOOLS.every(installed)) return;
  log("installing the benchmark's tools into bench/node_modules (lighthouse, autocannon)…");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["install", "--no-audit", "--no-fund", "--prefix", BENCH_DIR], {
    stdio: "inherit",
    timeout: 5 * 60_000,
  });
  if (result.status !== 0 || !TOOLS.every(installed)) {
    throw new Error(`npm install --prefix bench failed (exit ${result.status ?? result.signal}); see the output above`);
  }
}

/** The tool's module namespace, typed by the caller with the few members the benchmark uses. */
export async function loadTool<T>(tool: Tool): Promise<T> {
  const entry = requireFromBench.resolve(tool);
  return (await import(pathToFileURL(entry).href)) as T;
}
