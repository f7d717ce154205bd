/**
 * `npm run bench`: builds the production site, serves it on loopback with generated photographs put through the
 * site's own image pipeline, and writes bench/results.md and bench/results.json (Lighthouse on every public route,
 * JS/CSS bytes against React + React Router alone, throughput against a static file, category page latency with 20 and with 100,000 listings, the
 * category queries' plans, the enquiry POST at 50 clients, memory over 10,000 requests, start-up time and idle memory).
 * Not part of `npm test`.
 *
 * Options (for working on the benchmark itself; the committed results come from a plain run):
 *   --skip-build        reuse build-bench/ as it is
 *   --only=a,b          only these parts: lighthouse, bytes, throughput, latency, views, enquiry, memory, startup (the other
 *                       sections of results.json are kept from the previous run); and http2, which only runs when named:
 *                       Lighthouse over HTTPS and HTTP/2 through a local TLS proxy, a comparison beside the targets
 *   --runs=N            Lighthouse runs per route (default 5)
 *   --large-dir=DIR     keep the 100,000-listing database in DIR and reuse it when it is already there
 *   --photos-dir=DIR    keep the seeded database with its imported photos in DIR and reuse it
 * Environment: BENCH_PORTS=from-to moves the servers' ports; BENCH_LHR_DIR=DIR keeps every Lighthouse report (JSON) there.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import prettier from "prettier";
import { measureAssetBytes } from "./lib/asset-bytes";
import { measureFloorBytes } from "./lib/floor-bytes";
import { BENCH_DIR, fetchText, freePort, log, round } from "./lib/common";
import { buildLargeCatalogue, explainCategoryQueries } from "./lib/large-catalogue";
import {
  ENQUIRY_BENCH_ENV,
  ENQUIRY_PATTERNS,
  ENQUIRY_SETTINGS,
  measureEnquiries,
  measureEnquiryFloor,
  startSmtpSink,
  storedEnquiries,
} from "./lib/enquiry";
import { measureLatency, type LatencyRow } from "./lib/latency";
import { runLighthouse } from "./lib/lighthouse";
import { pageFaultMicros } from "./lib/machine-speed";
import { startTlsProxy } from "./lib/tls-proxy";
import { inspectFlag, measureMemory, MEMORY_SETTINGS } from "./lib/memory";
import { checkPageImages } from "./lib/page-images";
import { importBenchPhotos } from "./lib/photo-catalogue";
import { checkTargets, renderMarkdown, type BenchResults } from "./lib/report";
import { seededDatabases } from "./lib/seeded-database";
import { pastStartUpWork, startServer, buildSite, type RunningServer } from "./lib/server";
import { timeStartup, type StartupRun } from "./lib/startup";
import { measureThroughput, THROUGHPUT_SETTINGS } from "./lib/throughput";
import { ensureTools } from "./lib/tools";
import { measureViewRecording, recordedViews } from "./lib/view-recording";

const DETAIL_LISTING = "bugatti-chiron-2019";
const LIGHTHOUSE_ROUTES = ["/", "/cars", `/cars/${DETAIL_LISTING}`, "/real-estate?bedrooms=5", "/about", "/contact"];
/**
 * Whose first-load JavaScript is held to the budget: every public page's route module. The six routes, and the
 * shortlist (an unknown path is answered by the category route, or by the not-found route, the smallest of all).
 */
const BYTES_ROUTES = [...LIGHTHOUSE_ROUTES, "/shortlist"];
const STARTUP_RUNS = 3;
/** Lighthouse over HTTPS and HTTP/2 (`--only=http2`): a comparison beside the targets, not one of them. */
const HTTP2_RUNS = 3;
/** How long the server is left alone after its first page before its memory is read. */
const IDLE_MS = 5_000;
const LARGE_CATALOGUE = 100_000;
/**
 * Per variant and server: the p95 of 400 is the 20th slowest. Of 200, two runs on one machine gave /cars?q=ferrari
 * ratios of 1.03x and 3.00x, and /real-estate?bedrooms=5 1.55x and 0.54x, while their p50s moved by a millisecond or two.
 */
const LATENCY_REQUESTS = 400;
/**
 * Per server: the p95 of 1,000 is the 50th slowest, steady from run to run; of 200 (the 10th slowest) one stray pause
 * of either server swung the ratio between 0.7x and 2.1x in five runs on one machine.
 */
const VIEW_REQUESTS = 1000;

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const parts = new Set((option("only") ?? "lighthouse,bytes,throughput,latency,views,enquiry,memory,startup").split(","));
const runs = Number(option("runs") ?? 5);

/** The 1, 5 and 15 minute load averages: how busy the (shared) machine was while we measured. */
const loadAverage = () => os.loadavg().map((value) => round(value, 2)) as [number, number, number];

function chromiumVersion(): string {
  try {
    // Debian's /usr/bin/chromium is a wrapper script that may print noise of its own.
    const output = execFileSync(process.env.CHROME_PATH ?? "/usr/bin/chromium", ["--version"], {
      encoding: "utf8",
      timeout: 20_000,
      stdio: ["ignore", "pipe", "ignore"],
    });
    return output.match(/Chromium [\d.]+/)?.[0] ?? output.trim();
  } catch {
    return "Chromium (version unknown)";
  }
}

async function main() {
  const started = Date.now();
  process.env.CHROME_PATH ??= "/usr/bin/chromium";
  if (["lighthouse", "http2", "throughput", "enquiry", "memory"].some((part) => parts.has(part))) ensureTools();
  if (!args.includes("--skip-build")) buildSite();

  const ports = new Set<number>();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-bench-"));
  const servers: RunningServer[] = [];
  const seeded = seededDatabases(workDir);
  const results: Omit<BenchResults, "targets"> = {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? "unknown CPU",
      node: process.version,
      chromium: chromiumVersion(),
      loadAverage: { start: loadAverage() },
      pageFaultMicros: pageFaultMicros(),
    },
  };

  try {
    // The two databases are written before any server runs, while nothing is measured, and side by side: neither keeps
    // both cores busy all the time (the large catalogue waits on its database's thread, the photos on the image
    // library's), and one after the other they took 2.5 of the bench's 16.5 minutes on a slower machine. Both start
    // from a copy of the one seeded database, as do the servers below that need a database of their own.
    const writeLarge = async () => {
      if (!parts.has("latency")) return undefined;
      const keptDir = option("large-dir");
      const dir = keptDir ? path.resolve(keptDir) : path.join(workDir, "large");
      log(`writing ${LARGE_CATALOGUE.toLocaleString("en-US")} listings into a separate database …`);
      const written = { dir, ...(await buildLargeCatalogue(await seeded.copyInto(dir), LARGE_CATALOGUE)) };
      log(`  ${written.listings} listings in ${written.seconds.toFixed(0)} s${written.reused ? " (reused --large-dir)" : ""}`);
      return written;
    };
    // The seeded catalogue (20 listings) with generated photos in our own renditions.
    const smallDir = option("photos-dir") ? path.resolve(option("photos-dir")!) : path.join(workDir, "small");
    const importPhotos = async () => {
      const photos = await importBenchPhotos(await seeded.copyInto(smallDir), DETAIL_LISTING);
      log(`  ${photos.shown} photos in our renditions, ${photos.imported} imported now, in ${photos.seconds.toFixed(0)} s`);
      return photos;
    };
    const [large, photos] = await Promise.all([writeLarge(), importPhotos()]);
    results.photos = photos;
    const small = await startServer({ port: await freePort(ports), dataDir: smallDir, label: "20-listing" });
    servers.push(small);
    results.pageImages = [];
    for (const route of LIGHTHOUSE_ROUTES) {
      const row = await checkPageImages(small.origin, route);
      if (row.remote.length > 0) log(`  ${route} still shows remote pictures: ${row.remote.slice(0, 3).join(", ")}`);
      results.pageImages.push(row);
    }

    if (parts.has("bytes")) {
      const floor = (results.floorBytes = await measureFloorBytes());
      log("measuring JavaScript and CSS bytes per route …");
      results.assetBytes = [];
      for (const route of BYTES_ROUTES) {
        const row = await measureAssetBytes(small.origin, route);
        const over = (row.jsGzip - floor.jsGzip) / 1000;
        log(
          `  ${route}: JS ${(row.jsGzip / 1000).toFixed(1)} kB gzip (floor + ${over.toFixed(1)} kB) in ${row.jsFiles.length} files, CSS ${(row.cssGzip / 1000).toFixed(1)} kB`,
        );
        results.assetBytes.push(row);
      }
    }

    if (parts.has("lighthouse")) {
      // The first request of each route pays for module loading and the database's cold start: not what visitors see.
      for (const route of LIGHTHOUSE_ROUTES) for (let index = 0; index < 3; index++) await fetchText(`${small.origin}${route}`);
      log(`running Lighthouse (mobile), ${runs} runs per route …`);
      const { version, results: rows } = await runLighthouse(small.origin, LIGHTHOUSE_ROUTES, runs);
      results.lighthouse = { version, runsPerRoute: runs, results: rows };
    }

    // Not in the default run (it would take it past 15 minutes): `--only=http2`, kept beside the run's other figures.
    if (parts.has("http2")) {
      const proxy = await startTlsProxy(small.port);
      try {
        for (const route of LIGHTHOUSE_ROUTES) await fetchText(`${small.origin}${route}`);
        log(`running Lighthouse (mobile) over HTTPS and HTTP/2 (${proxy.origin}), ${HTTP2_RUNS} runs per route …`);
        const { version, results: rows } = await runLighthouse(proxy.origin, LIGHTHOUSE_ROUTES, HTTP2_RUNS, {
          extraChromeFlags: ["--ignore-certificate-errors"],
        });
        results.lighthouseHttp2 = { version, runsPerRoute: HTTP2_RUNS, measuredAt: new Date().toISOString(), results: rows };
      } finally {
        await proxy.stop();
      }
    }

    if (parts.has("throughput")) {
      const rows = await measureThroughput(small.origin, [
        { name: "cars", route: "/cars" },
        { name: "bugatti-chiron-2019", route: "/cars/bugatti-chiron-2019" },
      ]);
      results.throughput = { settings: THROUGHPUT_SETTINGS, rows };
    }

    if (parts.has("views")) {
      // A twin of the small server that does not count views: same build, same seeded catalogue.
      const countingDir = await seeded.copyInto(path.join(workDir, "views-on"));
      const counting = await startServer({ port: await freePort(ports), dataDir: countingDir, label: "view-counting" });
      const quiet = await startServer({
        port: await freePort(ports),
        dataDir: await seeded.copyInto(path.join(workDir, "views-off")),
        label: "non-counting",
        env: { LISTING_VIEWS: "0" },
      });
      servers.push(counting, quiet);
      await pastStartUpWork(counting, quiet);
      const measured = await measureViewRecording(counting.origin, quiet.origin, VIEW_REQUESTS);
      // Stopping flushes the last batch; then the database can be opened here.
      await counting.stop();
      await quiet.stop();
      results.viewRecording = { ...measured, recordedViews: await recordedViews(countingDir), measuredAt: new Date().toISOString() };
      log(`  the counting server recorded ${results.viewRecording.recordedViews} views`);
    }

    if (parts.has("enquiry")) {
      // Each arrival pattern gets its own server (as shipped: the answer waits up to ENQUIRY_SEND_WAIT_SECONDS for the
      // team's notification to go out, to say "sent") and database, so the thousands of enquiries stored here touch no
      // other part's figures.
      const sink = await startSmtpSink(await freePort(ports));
      try {
        const runs = [];
        for (const { name, pattern } of ENQUIRY_PATTERNS) {
          const dataDir = await seeded.copyInto(path.join(workDir, `enquiry-${runs.length}`));
          const server = await startServer({
            port: await freePort(ports),
            dataDir,
            label: `enquiry (${name})`,
            env: { ...ENQUIRY_BENCH_ENV, SMTP_URL: sink.url },
          });
          servers.push(server);
          await pastStartUpWork(server);
          const rows = await measureEnquiries(server.origin, server.pid, `/cars/${DETAIL_LISTING}`, pattern);
          await server.stop();
          const stored = await storedEnquiries(dataDir);
          log(`  the server stored ${stored.stored} enquiries and sent ${stored.notificationsSent} e-mails`);
          // On the stopped server's port: the bench's range has none to spare.
          const floor = await measureEnquiryFloor(server.port, pattern);
          runs.push({ name, env: {}, rows, ...stored, floor });
        }
        results.enquiry = { settings: { ...ENQUIRY_SETTINGS, env: ENQUIRY_BENCH_ENV }, runs, measuredAt: new Date().toISOString() };
      } finally {
        await sink.stop();
      }
    }

    if (parts.has("memory")) {
      const inspectPort = await freePort(ports);
      const server = await startServer({
        port: await freePort(ports),
        dataDir: await seeded.copyInto(path.join(workDir, "memory")),
        label: "memory",
        nodeFlags: [inspectFlag(inspectPort)],
      });
      servers.push(server);
      results.memory = {
        settings: MEMORY_SETTINGS,
        ...(await measureMemory(server.origin, server.pid, inspectPort)),
        measuredAt: new Date().toISOString(),
      };
      await server.stop();
    }

    if (large) {
      const largeServer = await startServer({ port: await freePort(ports), dataDir: large.dir, label: "100,000-listing" });
      servers.push(largeServer);
      const [smallRows, largeRows] = (await measureLatency(
        [
          { origin: small.origin, listings: "20", small: true },
          { origin: largeServer.origin, listings: "100,000" },
        ],
        LATENCY_REQUESTS,
      )) as [LatencyRow[], LatencyRow[]];
      await largeServer.stop();

      const p95 = (rows: LatencyRow[]) => rows.find((row) => row.route === "/cars")!.p95Ms;
      results.latency = {
        requestsPerVariant: LATENCY_REQUESTS,
        small: smallRows,
        large: largeRows,
        largeListings: large.listings,
        buildSeconds: large.seconds,
        reusedDatabase: large.reused,
        carsP95Ratio: round(p95(largeRows) / p95(smallRows), 2),
      };
      log("EXPLAIN ANALYZE of the category queries on the large database …");
      results.queryPlans = await explainCategoryQueries(large.dir, [
        { category: "cars", search: "" },
        { category: "cars", search: "q=ferrari" },
        { category: "real-estate", search: "bedrooms=5" },
        { category: "cars", search: "sort=newest&page=3" },
        { category: "cars", search: "page=400" },
        { category: "cars", search: "sort=newest&page=400" },
        // The price orders still sort the whole category (read from the index alone): the plan shows what that costs.
        { category: "cars", search: "sort=price-asc&page=400" },
      ]);
    }

    if (parts.has("startup")) {
      // An existing install: the 20-listing server's database and the build the bench just made (or found up to date).
      await small.stop();
      log(`timing start-up, ${STARTUP_RUNS} runs each of \`npm run serve\` and \`npm start\` …`);
      const serve: StartupRun[] = [];
      const start: StartupRun[] = [];
      const port = await freePort(ports);
      for (let run = 0; run < STARTUP_RUNS; run++) {
        serve.push(await timeStartup({ script: "serve", port, dataDir: smallDir, idleMs: IDLE_MS }));
        start.push(await timeStartup({ script: "start", port, dataDir: smallDir }));
      }
      // A first start, as on a fresh clone: the server creates, migrates and seeds its database in an empty DATA_DIR.
      const newDir = path.join(workDir, "first-start");
      fs.mkdirSync(newDir);
      const firstStart = await timeStartup({ script: "serve", port, dataDir: newDir, idleMs: IDLE_MS });
      results.startup = { idleSeconds: IDLE_MS / 1000, serve, start, firstStart };
    }
  } finally {
    for (const server of servers) await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }

  results.machine.durationSeconds = (Date.now() - started) / 1000;
  results.machine.loadAverage.end = loadAverage();
  // A partial run (--only) keeps what the previous run measured for the other parts.
  const previous: Partial<Omit<BenchResults, "targets">> = option("only")
    ? (JSON.parse(fs.readFileSync(path.join(BENCH_DIR, "results.json"), "utf8")) as Omit<BenchResults, "targets">)
    : {};
  // The photos paragraph describes the pictures Lighthouse measured: a run without Lighthouse keeps the one it had.
  if (option("only") && !parts.has("lighthouse") && previous.photos) results.photos = previous.photos;
  const merged = { ...previous, ...results, generatedAt: previous.generatedAt ?? results.generatedAt, machine: previous.machine ?? results.machine };
  const final: BenchResults = { ...merged, targets: checkTargets(merged) };
  fs.writeFileSync(path.join(BENCH_DIR, "results.json"), `${JSON.stringify(final, null, 2)}\n`);
  // Formatted as the repository's Prettier check wants it, so committing the results keeps `npm run lint` green.
  const resultsFile = path.join(BENCH_DIR, "results.md");
  const prettierOptions = { ...(await prettier.resolveConfig(resultsFile)), filepath: resultsFile };
  fs.writeFileSync(resultsFile, await prettier.format(renderMarkdown(final), prettierOptions));
  log("wrote bench/results.md and bench/results.json");
  for (const target of final.targets) console.log(`  ${target.met ? "✓" : "✗"} ${target.name}: ${target.measured} (target ${target.target})`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
