import type { AssetBytes } from "./asset-bytes";
import type { FloorBytes } from "./floor-bytes";
import type { ENQUIRY_SETTINGS, EnquiryFloor, EnquiryRow } from "./enquiry";
import type { QueryPlan } from "./large-catalogue";
import type { LatencyRow } from "./latency";
import type { LighthouseFigures, LighthouseSummary } from "./lighthouse";
import type { MemoryResult } from "./memory";
import type { PageImages } from "./page-images";
import type { PhotoImport } from "./photo-catalogue";
import type { StartupRun } from "./startup";
import { VARIANT_WIDTHS } from "#app/services/images.server";
import { median } from "./common";
import type { ThroughputRow } from "./throughput";
import type { ViewRecordingResult } from "./view-recording";

/**
 * How fast this machine is at what Chromium does most while loading a page (faulting in fresh memory, running
 * scripts): Lighthouse's CPU figures scale with both, so runs on different machines compare only with these beside them.
 */
function machineSpeed(results: Pick<BenchResults, "machine" | "lighthouse">): string[] {
  const faults = results.machine.pageFaultMicros;
  const indexes = (results.lighthouse?.results ?? [])
    .flatMap((row) => row.runs.map((run) => run.benchmarkIndex ?? Number.NaN))
    .filter(Number.isFinite);
  if (faults === undefined && indexes.length === 0) return [];
  const parts = [
    faults === undefined ? "" : `a fresh 4 KiB page of memory took ${faults} µs to fault in (256 MB touched by a child Node.js, median of 3)`,
    indexes.length === 0 ? "" : `Lighthouse's CPU benchmark index was ${Math.round(median(indexes))} (median of its ${indexes.length} runs)`,
  ].filter(Boolean);
  return [
    `Machine speed: ${parts.join("; ")}. Chromium faults in tens of megabytes for every page it loads, so where faults are ` +
      "slow (a virtual machine inside another) the CPU figures below (TBT, and through it performance) are higher for every page alike.",
    "",
  ];
}

export type Target = { name: string; measured: string; target: string; met: boolean };

export type BenchResults = {
  generatedAt: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    chromium: string;
    durationSeconds?: number;
    /** os.loadavg() (1, 5 and 15 minutes) when the run started and when it ended. */
    loadAverage: { start: [number, number, number]; end?: [number, number, number] };
    /** µs to fault in a fresh 4 KiB page of memory (lib/machine-speed.ts). Absent in older results. */
    pageFaultMicros?: number;
  };
  photos?: PhotoImport;
  pageImages?: PageImages[];
  /** firstStart: `npm run serve` on an empty DATA_DIR (older results have none). */
  startup?: { idleSeconds: number; serve: StartupRun[]; start: StartupRun[]; firstStart?: StartupRun };
  lighthouse?: { version: string; runsPerRoute: number; results: LighthouseSummary[] };
  /** The same audits over HTTPS and HTTP/2 through a local TLS proxy (`--only=http2`); not a target. */
  lighthouseHttp2?: { version: string; runsPerRoute: number; measuredAt: string; results: LighthouseSummary[] };
  assetBytes?: AssetBytes[];
  /** The JavaScript of React + React Router alone (bench/lib/floor-bytes.ts), measured in the same run as assetBytes. */
  floorBytes?: FloorBytes;
  throughput?: { settings: { durationSeconds: number; connections: number }; rows: ThroughputRow[] };
  latency?: {
    requestsPerVariant: number;
    small: LatencyRow[];
    large: LatencyRow[];
    largeListings: number;
    buildSeconds: number;
    reusedDatabase: boolean;
    carsP95Ratio: number;
  };
  queryPlans?: QueryPlan[];
  viewRecording?: ViewRecordingResult;
  enquiry?: {
    settings: typeof ENQUIRY_SETTINGS & { env: Record<string, string> };
    /** floor: the same load against a server that answers at once (absent in results from before it was measured). */
    runs: { name: string; env: Record<string, string>; rows: EnquiryRow[]; stored: number; notificationsSent: number; floor?: EnquiryFloor }[];
    measuredAt: string;
  };
  memory?: MemoryResult & { settings: { connections: number; firstRequests: number; totalRequests: number; settleMs: number }; measuredAt: string };
  targets: Target[];
};

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
/** The issue's budget for our own code on a public route, over React + React Router alone (gzip). */
export const JS_OVER_FLOOR_BUDGET = 15_000;
const signedKB = (bytes: number) => `${bytes < 0 ? "−" : "+"}${kB(Math.abs(bytes))}`;
/** "median (min–max)", or the one value when every run agreed. */
const spread = (middle: number, low: number, high: number, unit = "") => (low === high ? `${middle}${unit}` : `${middle}${unit} (${low}–${high})`);
const figure = (row: LighthouseSummary, key: keyof LighthouseFigures, unit = "") => {
  const middle = row.median[key] ?? Number.NaN;
  return spread(middle, row.min?.[key] ?? middle, row.max?.[key] ?? middle, unit);
};
/** The main thread's long tasks, clock / CPU, or "–" where the runs did not measure them (older results). */
const mainThreadCell = (row: LighthouseSummary) =>
  Number.isFinite(row.median.longTaskClockMs ?? Number.NaN) && Number.isFinite(row.median.longTaskCpuMs ?? Number.NaN)
    ? `${figure(row, "longTaskClockMs", " ms")} / ${figure(row, "longTaskCpuMs", " ms")}`
    : "–";
const load = (values?: number[]) => (values ? values.join(" / ") : "–");
const mark = (met: boolean) => (met ? "✓" : "✗");

/** The issue's targets, checked against what was measured (only what this run measured). */
export function checkTargets(results: Omit<BenchResults, "targets">): Target[] {
  const targets: Target[] = [];
  for (const { route, median } of results.lighthouse?.results ?? []) {
    const hundred = (label: string, value: number) =>
      targets.push({ name: `Lighthouse ${label} ${route}`, measured: String(value), target: "100", met: value === 100 });
    hundred("performance", median.performance);
    hundred("accessibility", median.accessibility);
    hundred("best practices", median.bestPractices);
    hundred("SEO", median.seo);
    targets.push({ name: `CLS ${route}`, measured: String(median.cls), target: "≤ 0.02", met: median.cls <= 0.02 });
    targets.push({ name: `LCP ${route}`, measured: `${median.lcpMs} ms`, target: "≤ 1500 ms", met: median.lcpMs <= 1500 });
  }
  const floor = results.floorBytes;
  for (const row of floor ? (results.assetBytes ?? []) : []) {
    const over = row.jsGzip - floor!.jsGzip;
    targets.push({
      name: `JavaScript on ${row.route} (gzip) over React + React Router alone`,
      measured: `${kB(row.jsGzip)} = floor ${over < 0 ? "−" : "+"} ${kB(Math.abs(over))}`,
      target: `≤ floor + ${kB(JS_OVER_FLOOR_BUDGET)}`,
      met: over <= JS_OVER_FLOOR_BUDGET,
    });
  }
  for (const row of results.pageImages ?? []) {
    targets.push({
      name: `Pictures on ${row.route} served by us`,
      measured: `${row.own} ours, ${row.remote.length} remote`,
      target: "0 remote",
      met: row.remote.length === 0,
    });
  }
  if (results.startup) {
    const { serve, start } = results.startup;
    const serveMs = median(serve.map((run) => run.firstPageMs));
    const startMs = median(start.map((run) => run.firstPageMs));
    targets.push({ name: "`npm run serve` to first page", measured: `${serveMs} ms`, target: "< 3000 ms", met: serveMs < 3000 });
    targets.push({
      name: "`npm start` (build up to date) to first page",
      measured: `${startMs} ms${start.every((run) => run.skippedBuild) ? "" : " (it rebuilt)"}`,
      target: "< 15000 ms",
      met: startMs < 15_000 && start.every((run) => run.skippedBuild),
    });
    const rss = serve.flatMap((run) => (run.idleRssMb === undefined ? [] : [run.idleRssMb]));
    if (rss.length > 0) {
      targets.push({
        name: "Idle memory (RSS) with the embedded database",
        measured: `${median(rss)} MB`,
        target: "≤ 300 MB",
        met: median(rss) <= 300,
      });
    }
    const first = results.startup.firstStart;
    if (first?.idleRssMb !== undefined) {
      targets.push({
        name: "Idle memory (RSS) after a first start (new database)",
        measured: `${first.idleRssMb} MB`,
        target: "≤ 300 MB",
        met: first.idleRssMb <= 300,
      });
    }
  }
  if (results.viewRecording) {
    const ratio = results.viewRecording.p95Ratio;
    targets.push({
      name: "Detail page p95 counting views ÷ p95 not counting",
      measured: `${ratio.toFixed(2)}×`,
      target: "≤ 1.2×",
      met: ratio <= 1.2,
    });
  }
  if (results.latency) {
    for (const row of results.latency.small) {
      const big = results.latency.large.find((other) => other.route === row.route);
      if (!big || row.route === "/sitemap.xml") continue;
      const ratio = big.p95Ms / row.p95Ms;
      targets.push({
        name: `${row.route} p95 with 100,000 listings ÷ p95 with 20`,
        measured: `${ratio.toFixed(2)}×`,
        target: "≤ 3×",
        met: ratio <= 3,
      });
    }
    const sitemap = results.latency.large.find((row) => row.route === "/sitemap.xml");
    if (sitemap) {
      targets.push({ name: "/sitemap.xml p95 with 100,000 listings", measured: `${sitemap.p95Ms} ms`, target: "< 50 ms", met: sitemap.p95Ms < 50 });
    }
  }
  for (const run of results.enquiry?.runs ?? []) {
    for (const row of run.rows) {
      targets.push({
        name: `Enquiry POST p95, ${row.name}, ${results.enquiry!.settings.connections} clients (${run.name})`,
        measured: `${row.p95Ms} ms, ${row.errors} failed`,
        target: "≤ 50 ms, 0 failed",
        met: row.p95Ms <= 50 && row.errors === 0,
      });
    }
  }
  if (results.memory) {
    const [first, last] = results.memory.requests;
    targets.push({
      name: `Memory kept (RSS after a full collection) after ${last!.after.toLocaleString("en-US")} requests ÷ after ${first!.after.toLocaleString("en-US")}`,
      measured: `${last!.collectedRssMb} ÷ ${first!.collectedRssMb} MB = ${results.memory.growth.toFixed(2)}× (as found: ${results.memory.rawGrowth.toFixed(2)}×)`,
      target: "≤ 1.10×",
      met: results.memory.growth <= 1.1,
    });
  }
  return targets;
}

export function renderMarkdown(results: BenchResults): string {
  const lines: string[] = [];
  const push = (...more: string[]) => lines.push(...more);
  push(
    "# White Streams benchmark",
    "",
    `Generated by \`npm run bench\` on ${results.generatedAt}: ${results.machine.cpus} × ${results.machine.cpuModel}, Node ${results.machine.node}, ${results.machine.chromium}.` +
      (results.machine.durationSeconds ? ` The run took ${Math.round(results.machine.durationSeconds)} s.` : ""),
    "The production build (`build-bench/`) served by its compiled host (`build-bench/server/host.js`, as `npm run serve` runs it) on 127.0.0.1, PGlite database in a temporary DATA_DIR.",
    "",
    `Load average (1 / 5 / 15 min) at the start: ${load(results.machine.loadAverage?.start)}; at the end: ${load(results.machine.loadAverage?.end)}. ` +
      "The machine is shared: a load above its core count means other work competed with every figure below.",
    "",
    ...machineSpeed(results),
    "## Targets",
    "",
    "| | measured | target | |",
    "|---|---|---|---|",
    ...results.targets.map((target) => `| ${target.name} | ${target.measured} | ${target.target} | ${mark(target.met)} |`),
    "",
  );

  if (results.lighthouse) {
    const { version, runsPerRoute, results: rows } = results.lighthouse;
    push(
      `## Lighthouse ${version}, mobile (default emulation and simulated throttling), median of ${runsPerRoute} runs`,
      "",
      "| route | performance | accessibility | best practices | SEO | LCP | CLS | TBT | FCP | all scripts loaded | long tasks after first paint: clock / CPU |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
      ...rows.map(
        (row) =>
          `| \`${row.route}\` | ${figure(row, "performance")} | ${figure(row, "accessibility")} | ${figure(row, "bestPractices")} | ${figure(row, "seo")} | ` +
          `${figure(row, "lcpMs", " ms")} | ${figure(row, "cls")} | ${figure(row, "tbtMs", " ms")} | ${figure(row, "fcpMs", " ms")} | ` +
          `${row.median.scriptKb === undefined ? "–" : figure(row, "scriptKb", " kB")} | ${mainThreadCell(row)} |`,
      ),
      "",
      "Each cell is the median of that figure over the runs, then its range (lowest–highest) when the runs differed. " +
        "All scripts loaded: every script the page downloaded during the run, as sent (brotli), the first load and the " +
        "deferred components hydration fetched after it (the per-route JavaScript section below counts the first load only). " +
        "Long tasks after first paint: the page's main thread in its tasks of 12.5 ms and more (50 ms under Lighthouse's 4× " +
        "slowdown, where blocking time starts), as time on the clock and time it ran on a CPU. Blocking time is computed from " +
        "the clock; where the clock is far above the CPU, the machine held the thread back, not the page's own work.",
      "",
    );
    const failing = rows.filter((row) => row.failing.length > 0);
    if (failing.length > 0) {
      push("Audits below full score (accessibility, best practices, SEO):", "");
      for (const row of failing) {
        for (const audit of row.failing) {
          const example = audit.example ? `; e.g. ${audit.example.replace(/[`|]/g, "'")}` : "";
          push(`- \`${row.route}\` ${audit.category}: ${audit.id} (${audit.title}), ${audit.runs}/${row.runs.length} runs${example}`);
        }
      }
      push("");
    }
    const elements = rows.filter((row) => row.lcpElement);
    if (elements.length > 0) {
      push("LCP element per route (Lighthouse's largest-contentful-paint-element audit; the element most runs named):", "");
      for (const row of elements) push(`- \`${row.route}\`: \`${row.lcpElement!.replace(/`/g, "'").slice(0, 160)}\``);
      push("");
    }
  }

  if (results.lighthouseHttp2) {
    const { version, runsPerRoute, measuredAt, results: rows } = results.lighthouseHttp2;
    const plain = new Map((results.lighthouse?.results ?? []).map((row) => [row.route, row]));
    const beside = (route: string, key: keyof LighthouseFigures, unit = "") => {
      const value = plain.get(route)?.median[key];
      return value === undefined ? "–" : `${value}${unit}`;
    };
    push(
      `## Lighthouse ${version} over HTTPS and HTTP/2 (a comparison, not a target), median of ${runsPerRoute} runs`,
      "",
      "The runs above reach the site as `npm start` serves it: plain HTTP/1.1 on 127.0.0.1. A public site is reached over HTTPS, " +
        "through the TLS-terminating proxy or CDN of docs/operations.md, which speaks HTTP/2 to browsers. These runs put a " +
        "local proxy of that kind in front (`bench/lib/tls-proxy.ts`, self-signed certificate, `--only=http2`). Lighthouse's " +
        "simulated network costs every request that needs a new HTTP/1.1 connection a handshake and slow start; over HTTP/2 " +
        "the page's requests share the document's warm connection, while the document pays one more round trip for TLS. " +
        `Measured ${measuredAt}; the HTTP/1.1 figures beside them are the runs above.`,
      "",
      "| route | performance | on HTTP/1.1 | LCP | on HTTP/1.1 | FCP | on HTTP/1.1 | TBT | best practices |",
      "|---|---|---|---|---|---|---|---|---|",
      ...rows.map(
        (row) =>
          `| \`${row.route}\` | ${figure(row, "performance")} | ${beside(row.route, "performance")} | ${figure(row, "lcpMs", " ms")} | ` +
          `${beside(row.route, "lcpMs", " ms")} | ${figure(row, "fcpMs", " ms")} | ${beside(row.route, "fcpMs", " ms")} | ` +
          `${figure(row, "tbtMs", " ms")} | ${figure(row, "bestPractices")} |`,
      ),
      "",
    );
  }

  if (results.photos || results.pageImages) {
    push("## Photos", "");
    const photos = results.photos;
    if (photos) {
      const sizes = photos.jpegKilobytes ? `${photos.jpegKilobytes.min}–${photos.jpegKilobytes.max} KB` : "kept from an earlier run";
      push(
        `Generated 2400 × 1600 JPEGs (${sizes}; sky, shapes and grain drawn with sharp so they compress like photographs) went through ` +
          "the site's own import (`npm run images:import`'s code: type from the bytes, pixel cap, AVIF and WebP renditions at " +
          `${VARIANT_WIDTHS.join("/")} px, ` +
          `blurred placeholder, references rewritten): ${photos.shown} pictures, ${photos.imported} of them imported by this run, in ` +
          `${Math.round(photos.seconds)} s (beside the writing of the 100,000-listing database, when that was written). The pictures the measured pages show at load (every image block, each listing's cover and every ` +
          `photo of the measured detail listing) were imported; the ${photos.leftRemote} later gallery photos of other listings stay on the ` +
          "earlier media host, which no measured page loads.",
        "",
      );
    }
    if (results.pageImages) {
      push(
        "| route | our pictures referenced | remote pictures |",
        "|---|---|---|",
        ...results.pageImages.map((row) => `| \`${row.route}\` | ${row.own} | ${row.remote.length ? row.remote.slice(0, 3).join(", ") : "none"} |`),
        "",
      );
    }
  }

  if (results.startup) {
    const { serve, start, idleSeconds } = results.startup;
    const summary = (values: number[], unit: string) =>
      values.length ? spread(median(values), Math.min(...values), Math.max(...values), unit) : "–";
    const rss = serve.flatMap((run) => (run.idleRssMb === undefined ? [] : [run.idleRssMb]));
    push(
      `## Start-up (${serve.length} runs each, median (min–max))`,
      "",
      "From launching the command to the first 200 answer of `/`, on an existing install (the database above, migrated and seeded). " +
        "`npm start` finds the build up to date (scripts/build-if-changed.ts) and serves it. " +
        `Memory is the server process's resident set ${idleSeconds} s after its first page, with the embedded database.`,
      "",
      "| | first page | target |",
      "|---|---|---|",
      `| \`npm run serve\` | ${summary(
        serve.map((run) => run.firstPageMs),
        " ms",
      )} | < 3000 ms |`,
      `| \`npm start\` | ${summary(
        start.map((run) => run.firstPageMs),
        " ms",
      )}${start.every((run) => run.skippedBuild) ? "" : " (rebuilt)"} | < 15000 ms |`,
      `| idle memory (RSS) | ${summary(rss, " MB")} | ≤ 300 MB |`,
      ...(results.startup.firstStart
        ? [
            `| \`npm run serve\`, first start (empty DATA_DIR: creates, migrates and seeds the database), once | ${results.startup.firstStart.firstPageMs} ms | – |`,
            `| idle memory (RSS) after that first start | ${results.startup.firstStart.idleRssMb ?? "–"} MB | ≤ 300 MB |`,
          ]
        : []),
      "",
    );
  }

  if (results.assetBytes) {
    const floor = results.floorBytes;
    push(
      "## JavaScript and CSS per route",
      "",
      "Every script, module preload and stylesheet the route's HTML references (and the modules its inline bootstrap imports), each compressed on its own " +
        "(gzip at zlib's default level, brotli at its default quality) and summed.",
      "",
    );
    if (floor) {
      const { react, reactRouter, vite } = floor.versions;
      push(
        `The floor is measured in the same run: a React Router ${reactRouter} app with React ${react} (Vite ${vite}) and nothing else, one root route ` +
          "rendering a heading, server-rendered, with this project's future flags, built in a temporary folder against the project's node_modules " +
          `(bench/lib/floor-bytes.ts). Its page loads ${kB(floor.jsGzip)} gzip, ${kB(floor.jsBrotli)} brotli in ${floor.jsFiles.length} files ` +
          `(${floor.jsFiles.map((file) => `${file.url.replace(/^\/assets\//, "")} ${kB(file.gzip)}`).join(", ")}). ` +
          `The issue's budget: every public route within ${kB(JS_OVER_FLOOR_BUDGET)} gzip of it.`,
        "",
      );
    }
    const overFloor = (row: AssetBytes) => (floor ? `${signedKB(row.jsGzip - floor.jsGzip)} / ${signedKB(row.jsBrotli - floor.jsBrotli)}` : "–");
    push(
      "| route | JavaScript gzip | JavaScript brotli | over the floor (gzip / brotli) | files | CSS gzip | HTML gzip |",
      "|---|---|---|---|---|---|---|",
      ...(floor
        ? [`| React + React Router alone (the floor) | ${kB(floor.jsGzip)} | ${kB(floor.jsBrotli)} | – | ${floor.jsFiles.length} | – | – |`]
        : []),
      ...results.assetBytes.map(
        (row) =>
          `| \`${row.route}\` | ${kB(row.jsGzip)} | ${kB(row.jsBrotli)} | ${overFloor(row)} | ${row.jsFiles.length} | ${kB(row.cssGzip)} | ${kB(row.htmlGzip)} |`,
      ),
      "",
    );
    const largest = results.assetBytes[0]?.jsFiles.slice(0, 5) ?? [];
    if (largest.length > 0) {
      push(`Largest scripts on \`${results.assetBytes[0]!.route}\`: ${largest.map((file) => `\`${file.url}\` ${kB(file.gzip)}`).join(", ")}.`, "");
    }
  }

  if (results.throughput) {
    const { settings, rows } = results.throughput;
    push(
      `## Server throughput (autocannon, ${settings.durationSeconds} s, ${settings.connections} connections, loopback, gzip accepted)`,
      "",
      "The static file is a copy of the page's HTML (same bytes) written into the build's client folder and served by the same Express host: the ceiling for this host.",
      "",
      "| page | HTML | page req/s | page p99 | static req/s | static p99 | page ÷ static |",
      "|---|---|---|---|---|---|---|",
      ...rows.map(
        (row) =>
          `| \`${row.route}\` | ${kB(row.htmlBytes)} | ${row.page.reqPerSec} | ${row.page.p99Ms} ms | ${row.static.reqPerSec} | ${row.static.p99Ms} ms | ${(row.ratio * 100).toFixed(1)} % |`,
      ),
      "",
    );
  }

  if (results.latency) {
    const { small, large, largeListings, requestsPerVariant, buildSeconds, reusedDatabase } = results.latency;
    const built = reusedDatabase ? "reused from an earlier run" : `built in ${Math.round(buildSeconds)} s, beside the photo import`;
    push(
      `## Category page latency (${requestsPerVariant} sequential requests per variant after 10 warm-up requests, alternating between the 20-listing and the 100,000-listing server so both see the same background load)`,
      "",
      "Every request carries a cookie the page cache does not share pages with (as a visitor with a shortlist does), so each one is rendered and runs the category's queries; a page answered from the page cache costs far less.",
      "",
      `The large catalogue is a separate PGlite database with ${largeListings.toLocaleString("en-US")} listings (the 20 seeded plus synthetic ones made with toListingRow(), 1,000 per insert, spread evenly over the five categories, then VACUUM ANALYZE; ${built}).`,
      "",
      "| request | p50 (20) | p95 (20) | p50 (100k) | p95 (100k) | p95 ratio |",
      "|---|---|---|---|---|---|",
      ...small.map((row, index) => {
        const big = large[index];
        const route = row.timed ? `\`${row.route}\` (20 listings: \`${row.timed}\`)` : `\`${row.route}\``;
        return `| ${route} | ${row.p50Ms} ms | ${row.p95Ms} ms | ${big?.p50Ms ?? "–"} ms | ${big?.p95Ms ?? "–"} ms | ${big ? (big.p95Ms / row.p95Ms).toFixed(2) : "–"}× |`;
      }),
      "",
      "With 20 listings `/cars` shows the 4 seeded cars; with 100,000 it shows a full page of 24 cards and pagination, so part of the ratio is rendering six times as many cards.",
      "",
    );
  }

  if (results.viewRecording) {
    const view = results.viewRecording;
    push(
      `## Counting listing views (${view.requests} sequential requests of \`${view.route}\` per server after 10 warm-up requests, alternating between a server that counts views and one with LISTING_VIEWS=0)`,
      "",
      "Every request comes from a new visitor (its own browser string), so each one is a view to record: the worst case. Views are queued in memory and written in batches after the response.",
      "",
      "| | p50 | p95 |",
      "|---|---|---|",
      `| counting views | ${view.withViews.p50Ms} ms | ${view.withViews.p95Ms} ms |`,
      `| not counting | ${view.withoutViews.p50Ms} ms | ${view.withoutViews.p95Ms} ms |`,
      "",
      `The counting server stored ${view.recordedViews} distinct views of the listing (one per visitor that day). Measured ${view.measuredAt}.`,
      "",
    );
  }

  if (results.enquiry) {
    const { settings, runs, measuredAt } = results.enquiry;
    const lifted = Object.entries(settings.env)
      .map(([key, value]) => `${key}=${value}`)
      .join(", ");
    push(
      `## Enquiry POST (${settings.connections} clients, loopback)`,
      "",
      "Each request is a new valid enquiry (its own submission id, name and address), posted as the browser posts it: with JavaScript to the " +
        "route's data URL (the answer is data), without JavaScript as a plain form post (the answer is a redirect to the page, which then says " +
        "how it went; that page is the same for every visitor and comes from the page cache). Each arrival pattern has " +
        "its own server (as shipped) and database and a local SMTP server in another process (SMTP_URL), so every notification is really sent; the per-IP " +
        `limit is lifted with ${lifted} (every request comes from 127.0.0.1). A failure is any other answer than a sent form's (200 with ` +
        "JavaScript, 303 without), a timeout or a connection error. Spread: client i first posts i/50 s after the first, as independent " +
        "visitors arrive (a Node.js client, one kept-alive connection each). Same instant: autocannon starts all 50 together and each posts " +
        "again a second later, so every second 50 posts arrive at once and the last waits for the 49 before it. " +
        `Each client posts one enquiry a second (${settings.connections * settings.perClientPerSecond} a second in all) for ` +
        `${settings.durationSeconds} s after ${settings.warmupSeconds} s of warm-up, and every answer is waited for (up to 10 s, then it counts as failed); ` +
        `and the server rests ${settings.settleSeconds} s between forms.`,
      "",
      "Server CPU per enquiry: the CPU time the server process used (user and system, all its threads: the requests, the embedded " +
        "database, the outbox; from /proc) from the start of a form's run until the end of the rest after it, divided by the enquiries " +
        "answered. It is what the machine spends on one enquiry, its answer and its two e-mails together (the e-mails go out after the " +
        "answer), with the server's own background work in those seconds. Fifty enquiries a second take fifty times it every second, " +
        `from the machine's ${results.machine.cpus} cores, which the load generator and the SMTP server share.`,
      "",
    );
    for (const run of runs) {
      push(
        `### ${run.name}`,
        "",
        "| form | answered | per second | p50 | p95 | max | failed (unanswered) | server CPU per enquiry |",
        "|---|---|---|---|---|---|---|---|",
        ...run.rows.map(
          (row) =>
            `| ${row.name} (\`${row.method} ${row.path}\`) | ${row.requests} | ${row.reqPerSec} | ${row.p50Ms} ms | ${row.p95Ms} ms | ${row.maxMs} ms | ${row.errors} (${row.unanswered}) | ${row.cpuPerEnquiryMs === undefined ? "not measured" : `${row.cpuPerEnquiryMs} ms`} |`,
        ),
        "",
        `The server stored ${run.stored} enquiries and its outbox recorded ${run.notificationsSent} e-mails sent by the time it stopped.`,
        "",
        ...(run.floor
          ? [
              "The floor of this pattern: the same posts (the /contact form without JavaScript, the same warm-up and seconds) to a server in " +
                "a process of its own that reads each body and answers 303 at once, doing nothing else (`bench/lib/bare-answer-server.ts`): " +
                `p50 ${run.floor.p50Ms} ms, p95 ${run.floor.p95Ms} ms, max ${run.floor.maxMs} ms over ${run.floor.requests} posts. That much of ` +
                "every figure above is the load generator's and the loopback's own time, not the site's.",
              "",
            ]
          : []),
      );
    }
    push(`Measured ${measuredAt}.`, "");
  }

  if (results.memory) {
    const { settings, requests, growth, rawGrowth, errors, measuredAt } = results.memory;
    push(
      `## Memory under use (autocannon, ${settings.connections} connections)`,
      "",
      "The server's resident memory (RSS, from /proc) after its first requests and after all of them, each read after a pause of " +
        `${settings.settleMs / 1000} s, as found and again after two full garbage collections forced through the inspector (the memory ` +
        "server runs with `--inspect` on loopback). The requests go round the public pages, with a different search, sort or visitor " +
        "(browser string) every few requests, so anything kept per URL or per visitor would grow. As found, the figure includes garbage " +
        "V8 has not collected yet (it collects the old generation lazily); after the collections it is what the server keeps, where a leak " +
        "would show. The page cache (PAGE_CACHE_MAX_MB) fills with the varied searches in the first thousands of requests, then holds its size.",
      "",
      "| after | RSS as found | RSS after full collections | V8 heap in use after them |",
      "|---|---|---|---|",
      ...requests.map(
        (reading) =>
          `| ${reading.after.toLocaleString("en-US")} requests | ${reading.rssMb} MB | ${reading.collectedRssMb} MB | ${reading.heapUsedMb} MB |`,
      ),
      "",
      `Growth after full collections ×${growth.toFixed(3)}, as found ×${rawGrowth.toFixed(3)}; ${errors} requests failed. Measured ${measuredAt}.`,
      "",
    );
  }

  if (results.queryPlans && results.queryPlans.length > 0) {
    push("## Query plans on the 100,000-listing database (EXPLAIN ANALYZE)", "");
    push("| page | statement | execution |", "|---|---|---|");
    for (const plan of results.queryPlans) {
      const statement = plan.sql.replace(/\s+/g, " ").slice(0, 90);
      push(`| \`${plan.page}\` | \`${statement}…\` | ${plan.executionMs.toFixed(2)} ms |`);
    }
    push("", "<details><summary>Plans</summary>", "");
    for (const plan of results.queryPlans) push("```", `-- ${plan.page}`, plan.sql, "", plan.plan, "```", "");
    push("</details>", "");
  }
  return lines.join("\n");
}
