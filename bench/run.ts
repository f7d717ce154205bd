/**
 * `npm run bench`: builds the production site, serves it on loopback and writes bench/results.md and
 * bench/results.json (Lighthouse, JS/CSS bytes, throughput against a static file, category page latency
 * with 20 and with 100,000 listings, and the category queries' plans). Not part of `npm test`.
 *
 * Options (for working on the benchmark itself; the committed results come from a plain run):
 *   --skip-build        reuse build-bench/ as it is
 *   --only=a,b          only these parts: lighthouse, bytes, throughput, latency, views (the other sections of
 *                       results.json are kept from the previous run)
 *   --runs=N            Lighthouse runs per route (default 5)
 *   --large-dir=DIR     keep the 100,000-listing database in DIR and reuse it when it is already there
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureAssetBytes } from "./lib/asset-bytes";
import { BENCH_DIR, fetchText, freePort, log, round } from "./lib/common";
import { buildLargeCatalogue, explainCategoryQueries } from "./lib/large-catalogue";
import { measureLatency, type LatencyRow } from "./lib/latency";
import { runLighthouse } from "./lib/lighthouse";
import { checkTargets, renderMarkdown, type BenchResults } from "./lib/report";
import { startServer, buildSite, type RunningServer } from "./lib/server";
import { measureThroughput, THROUGHPUT_SETTINGS } from "./lib/throughput";
import { ensureTools } from "./lib/tools";
import { measureViewRecording, recordedViews } from "./lib/view-recording";

const LIGHTHOUSE_ROUTES = ["/", "/cars", "/cars/bugatti-chiron-2019", "/real-estate?bedrooms=5"];
const LARGE_CATALOGUE = 100_000;
const LATENCY_REQUESTS = 200;
const VIEW_REQUESTS = 200;

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const parts = new Set((option("only") ?? "lighthouse,bytes,throughput,latency,views").split(","));
const runs = Number(option("runs") ?? 5);

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
  if (parts.has("lighthouse") || parts.has("throughput")) ensureTools();
  if (!args.includes("--skip-build")) buildSite();

  const ports = new Set<number>();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-bench-"));
  const servers: RunningServer[] = [];
  const results: Omit<BenchResults, "targets"> = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model.trim() ?? "unknown CPU", node: process.version, chromium: chromiumVersion() },
  };

  try {
    // The large catalogue is written first, while no server competes for the CPU.
    let large: { dir: string; listings: number; seconds: number; reused: boolean } | undefined;
    if (parts.has("latency")) {
      const keptDir = option("large-dir");
      const dir = keptDir ? path.resolve(keptDir) : path.join(workDir, "large");
      log(`writing ${LARGE_CATALOGUE.toLocaleString("en-US")} listings into a separate database …`);
      large = { dir, ...(await buildLargeCatalogue(dir, LARGE_CATALOGUE)) };
      log(`  ${large.listings} listings in ${large.seconds.toFixed(0)} s${large.reused ? " (reused --large-dir)" : ""}`);
    }

    // The seeded catalogue (20 listings).
    const small = await startServer({ port: await freePort(ports), dataDir: path.join(workDir, "small"), label: "20-listing" });
    servers.push(small);

    if (parts.has("bytes")) {
      log("measuring JavaScript and CSS bytes per route …");
      results.assetBytes = [];
      for (const route of LIGHTHOUSE_ROUTES) {
        const row = await measureAssetBytes(small.origin, route);
        log(`  ${route}: JS ${(row.jsGzip / 1000).toFixed(1)} kB gzip in ${row.jsFiles.length} files, CSS ${(row.cssGzip / 1000).toFixed(1)} kB`);
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

    if (parts.has("throughput")) {
      const rows = await measureThroughput(small.origin, [
        { name: "cars", route: "/cars" },
        { name: "bugatti-chiron-2019", route: "/cars/bugatti-chiron-2019" },
      ]);
      results.throughput = { settings: THROUGHPUT_SETTINGS, rows };
    }

    if (parts.has("views")) {
      // A twin of the small server that does not count views: same build, same seeded catalogue.
      const countingDir = path.join(workDir, "views-on");
      const counting = await startServer({ port: await freePort(ports), dataDir: countingDir, label: "view-counting" });
      const quiet = await startServer({
        port: await freePort(ports),
        dataDir: path.join(workDir, "views-off"),
        label: "non-counting",
        env: { LISTING_VIEWS: "0" },
      });
      servers.push(counting, quiet);
      const measured = await measureViewRecording(counting.origin, quiet.origin, VIEW_REQUESTS);
      // Stopping flushes the last batch; then the database can be opened here.
      await counting.stop();
      await quiet.stop();
      results.viewRecording = { ...measured, recordedViews: await recordedViews(countingDir), measuredAt: new Date().toISOString() };
      log(`  the counting server recorded ${results.viewRecording.recordedViews} views`);
    }

    if (large) {
      const largeServer = await startServer({ port: await freePort(ports), dataDir: large.dir, label: "100,000-listing" });
      servers.push(largeServer);
      const [smallRows, largeRows] = (await measureLatency(
        [
          { origin: small.origin, listings: "20" },
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
      ]);
    }
  } finally {
    for (const server of servers) await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }

  results.machine.durationSeconds = (Date.now() - started) / 1000;
  // A partial run (--only) keeps what the previous run measured for the other parts.
  const previous: Partial<Omit<BenchResults, "targets">> = option("only")
    ? (JSON.parse(fs.readFileSync(path.join(BENCH_DIR, "results.json"), "utf8")) as Omit<BenchResults, "targets">)
    : {};
  const merged = { ...previous, ...results, generatedAt: previous.generatedAt ?? results.generatedAt, machine: previous.machine ?? results.machine };
  const final: BenchResults = { ...merged, targets: checkTargets(merged) };
  fs.writeFileSync(path.join(BENCH_DIR, "results.json"), `${JSON.stringify(final, null, 2)}\n`);
  fs.writeFileSync(path.join(BENCH_DIR, "results.md"), renderMarkdown(final));
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
