import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ROOT = path.resolve(BENCH_DIR, "..");
/** The benchmark's own production build, so it never clobbers `build/` or another run's folder. */
export const BUILD_DIR = path.join(ROOT, "build-bench");
/** Ports reserved for the benchmark's servers; BENCH_PORTS=from-to moves them (e.g. on a machine shared by several runs). */
export const PORT_RANGE =
  (process.env.BENCH_PORTS?.match(/^(\d+)-(\d+)$/)
    ?.slice(1, 3)
    .map(Number) as [number, number] | undefined) ?? ([3300, 3310] as const);
/** Everything measured goes over loopback only. */
export const HOST = "127.0.0.1";

const started = Date.now();

/** A progress line with the time since the benchmark started. */
export function log(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  console.log(`[bench ${seconds}s] ${message}`);
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100) of a non-empty list. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) throw new Error("percentile of an empty list");
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

/** The first free port of the benchmark's range, skipping ones already handed out by this run. */
export async function freePort(taken: Set<number>): Promise<number> {
  for (let port = PORT_RANGE[0]; port <= PORT_RANGE[1]; port++) {
    if (taken.has(port)) continue;
    if (await portIsFree(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_RANGE[0]}-${PORT_RANGE[1]}`);
}

export async function fetchText(url: string, timeoutMs = 15_000): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
  return { status: response.status, text: await response.text(), headers: response.headers };
}
