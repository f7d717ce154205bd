import fs from "node:fs";
import path from "node:path";
import { log, median, round } from "./common";
import { mainThreadTime, type MainThreadTime, type TraceEvent } from "./main-thread-time";
import { loadTool } from "./tools";
import { CHROMIUM_ARGS, chromiumPath } from "../../tests/setup/chromium";

/** The few members of lighthouse's result the benchmark reads (its own types live in bench/node_modules). */
type Audit = { id: string; title: string; score: number | null; numericValue?: number; displayValue?: string; details?: unknown };
type Lhr = {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  configSettings: { formFactor: string; throttlingMethod: string };
  environment?: { benchmarkIndex?: number };
};
type LighthouseModule = {
  default: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr; artifacts?: { Trace?: { traceEvents: TraceEvent[] } } } | undefined>;
};
type ChromeLauncherModule = {
  launch(options: { chromePath?: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }>;
};

/** The flags the team runs Chromium with as root in a container (docs/architecture.md, "Versions and traps"), headless for Lighthouse. */
export const CHROME_FLAGS = ["--headless", ...CHROMIUM_ARGS];
export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /**
   * Every script the page downloaded during the run (network-requests, bytes on the wire as the browser took them,
   * brotli): the first load and what hydration fetched after it (deferred components), in kB. Absent in older results.
   */
  scriptKb?: number;
  /**
   * The page's main thread in its long tasks after the first paint, on the clock and on the CPU (main-thread-time.ts),
   * in ms. Absent in older results.
   */
  longTaskClockMs?: number;
  longTaskCpuMs?: number;
  /** Audits scoring below 1 in accessibility, best practices and SEO, for diagnosis. */
  failing: { category: string; id: string; title: string; example?: string }[];
  lcpElement?: string;
  /** Lighthouse's own measure of the host's CPU speed for the run (higher is faster). Absent in older results. */
  benchmarkIndex?: number;
};

export type LighthouseFigures = Omit<LighthouseRun, "failing" | "lcpElement" | "benchmarkIndex">;
const FIGURES = [
  "performance",
  "accessibility",
  "bestPractices",
  "seo",
  "lcpMs",
  "cls",
  "tbtMs",
  "fcpMs",
  "scriptKb",
  "longTaskClockMs",
  "longTaskCpuMs",
] as const;

export type LighthouseSummary = {
  route: string;
  runs: LighthouseRun[];
  /** Per-figure medians over the runs, and the lowest and highest value of each figure. */
  median: LighthouseFigures;
  /** Absent in results recorded before the bench kept ranges. */
  min?: LighthouseFigures;
  max?: LighthouseFigures;
  /** Failing audits seen in any run, with how many runs. */
  failing: { category: string; id: string; title: string; example?: string; runs: number }[];
  lcpElement?: string;
};

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function lcpElementOf(lhr: Lhr): string | undefined {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet;
}

/** The first item of a failing audit, short, so the report says what to fix. */
function exampleOf(audit: Audit): string | undefined {
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items;
  const first = items?.[0];
  if (!first) return undefined;
  const node = first.node as { snippet?: string } | undefined;
  const location = first.sourceLocation as { url?: string } | undefined;
  const text = [first.issueType, first.description, location?.url, node?.snippet, JSON.stringify(first.subItems ?? "").slice(0, 200)]
    .filter((part) => typeof part === "string" && part !== "" && part !== '""')
    .join(" ");
  return `${text.slice(0, 300)}${items.length > 1 ? ` (+${items.length - 1} more)` : ""}`;
}

function scriptBytes(lhr: Lhr): number {
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return requests.filter((request) => request.resourceType === "Script").reduce((total, request) => total + (request.transferSize ?? 0), 0);
}

function toRun(lhr: Lhr, mainThread: MainThreadTime | undefined): LighthouseRun {
  const failing: LighthouseRun["failing"] = [];
  for (const category of ["accessibility", "best-practices", "seo"]) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0)
        failing.push({ category, id: audit.id, title: audit.title, example: exampleOf(audit) });
    }
  }
  return {
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    seo: score(lhr, "seo"),
    lcpMs: round(numeric(lhr, "largest-contentful-paint"), 0),
    cls: round(numeric(lhr, "cumulative-layout-shift"), 3),
    tbtMs: round(numeric(lhr, "total-blocking-time"), 0),
    fcpMs: round(numeric(lhr, "first-contentful-paint"), 0),
    scriptKb: round(scriptBytes(lhr) / 1000, 1),
    longTaskClockMs: mainThread?.clockMs,
    longTaskCpuMs: mainThread?.cpuMs,
    failing,
    lcpElement: lcpElementOf(lhr),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/** The element most runs named as the largest paint (runs on a busy machine can disagree). */
function mostCommon(elements: (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const element of elements) if (element) counts.set(element, (counts.get(element) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** One Lighthouse run; a run that fails to record its trace (NO_NAVSTART and the like) is retried twice. */
async function auditOnce(lighthouse: LighthouseModule["default"], url: string, port: number): Promise<{ lhr: Lhr; mainThread?: MainThreadTime }> {
  let failure = "";
  for (let attempt = 1; attempt <= 3; attempt++) {
    // The full-page screenshot is only a picture in the HTML report (no figure uses it); skipping it saves a few
    // seconds a run, which keeps the bench within its 15 minutes.
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", maxWaitForLoad: 45_000, disableFullPageScreenshot: true });
    if (result && !result.lhr.runtimeError) return { lhr: result.lhr, mainThread: mainThreadTime(result.artifacts?.Trace?.traceEvents ?? [], url) };
    failure = result?.lhr.runtimeError ? `${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}` : "no result";
    log(`lighthouse ${url} failed (${failure}); retrying`);
  }
  throw new Error(`lighthouse failed three times on ${url}: ${failure}`);
}

/**
 * Lighthouse 12 with its default mobile settings (Moto G Power emulation, simulated slow 4G and 4× CPU
 * slowdown), `runs` times per route on one headless Chromium, per-figure medians.
 */
export async function runLighthouse(
  origin: string,
  routes: string[],
  runs: number,
  options: { extraChromeFlags?: string[] } = {},
): Promise<{ version: string; results: LighthouseSummary[] }> {
  const { default: lighthouse } = await loadTool<LighthouseModule>("lighthouse");
  const chromeLauncher = await loadTool<ChromeLauncherModule>("chrome-launcher");
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: [...CHROME_FLAGS, ...(options.extraChromeFlags ?? [])] });
  let version = "";
  const results: LighthouseSummary[] = [];
  try {
    for (const route of routes) {
      const lhrRuns: LighthouseRun[] = [];
      for (let attempt = 1; attempt <= runs; attempt++) {
        const { lhr, mainThread } = await auditOnce(lighthouse, `${origin}${route}`, chrome.port);
        version = lhr.lighthouseVersion;
        // BENCH_LHR_DIR keeps every run's whole report, to see why a figure is what it is (the network waterfall, the LCP breakdown).
        if (process.env.BENCH_LHR_DIR) {
          fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
          fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${route.replace(/[^a-z0-9]+/gi, "_")}-${attempt}.json`), JSON.stringify(lhr));
        }
        const run = toRun(lhr, mainThread);
        lhrRuns.push(run);
        log(
          `lighthouse ${route} run ${attempt}/${runs}: perf ${run.performance}, a11y ${run.accessibility}, bp ${run.bestPractices}, seo ${run.seo}, LCP ${run.lcpMs} ms, CLS ${run.cls}, TBT ${run.tbtMs} ms` +
            (mainThread ? ` (long tasks after first paint: ${mainThread.clockMs} ms on the clock, ${mainThread.cpuMs} ms on the CPU)` : ""),
        );
      }
      // Over the runs that measured the figure (a trace without thread times gives no CPU figure); NaN when none did.
      const figures = (reduce: (values: number[]) => number) =>
        Object.fromEntries(
          FIGURES.map((key) => {
            const values = lhrRuns.map((run) => run[key] ?? Number.NaN).filter(Number.isFinite);
            return [key, values.length > 0 ? reduce(values) : Number.NaN];
          }),
        ) as LighthouseFigures;
      const failing = new Map<string, LighthouseSummary["failing"][number]>();
      for (const run of lhrRuns) {
        for (const audit of run.failing) {
          const seen = failing.get(audit.id);
          if (seen) seen.runs++;
          else failing.set(audit.id, { ...audit, runs: 1 });
        }
      }
      results.push({
        route,
        runs: lhrRuns,
        median: figures(median),
        min: figures((values) => Math.min(...values)),
        max: figures((values) => Math.max(...values)),
        failing: [...failing.values()],
        lcpElement: mostCommon(lhrRuns.map((run) => run.lcpElement)),
      });
    }
  } finally {
    await chrome.kill();
  }
  return { version, results };
}
