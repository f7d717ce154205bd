import fs from "node:fs";
import path from "node:path";
import { BUILD_DIR, fetchText, log, round } from "./common";
import { loadTool } from "./tools";

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type AutocannonModule = { default: (options: Record<string, unknown>) => Promise<AutocannonResult> };

export type ThroughputRow = {
  name: string;
  route: string;
  htmlBytes: number;
  page: { reqPerSec: number; p50Ms: number; p99Ms: number; errors: number };
  static: { path: string; reqPerSec: number; p50Ms: number; p99Ms: number; errors: number };
  /** Page requests per second as a share of the static file's (1 = as fast as the ceiling). */
  ratio: number;
};

export const THROUGHPUT_SETTINGS = { durationSeconds: 10, connections: 20, warmupSeconds: 2 };

async function hammer(autocannon: AutocannonModule["default"], url: string, duration: number) {
  const result = await autocannon({
    url,
    connections: THROUGHPUT_SETTINGS.connections,
    duration,
    // Browsers ask for compressed HTML; the page and its static twin are compressed alike.
    headers: { "accept-encoding": "gzip" },
    timeout: 10,
  });
  return {
    reqPerSec: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Requests per second for a rendered page next to a static file of the same bytes (a copy of the
 * page's HTML in the build's client folder, served by the same Express host): the ceiling.
 */
export async function measureThroughput(origin: string, pages: { name: string; route: string }[]): Promise<ThroughputRow[]> {
  const { default: autocannon } = await loadTool<AutocannonModule>("autocannon");
  const rows: ThroughputRow[] = [];
  const written: string[] = [];
  try {
    for (const { name, route } of pages) {
      const html = await fetchText(`${origin}${route}`);
      if (html.status !== 200) throw new Error(`${route} answered ${html.status}`);
      const staticPath = `/bench-static-${name}.html`;
      const file = path.join(BUILD_DIR, "client", staticPath);
      fs.writeFileSync(file, html.text);
      written.push(file);
      const htmlBytes = Buffer.byteLength(html.text);

      const measured: Record<"page" | "static", Awaited<ReturnType<typeof hammer>>> = {} as never;
      for (const [kind, url] of [
        ["static", `${origin}${staticPath}`],
        ["page", `${origin}${route}`],
      ] as const) {
        await hammer(autocannon, url, THROUGHPUT_SETTINGS.warmupSeconds);
        log(`autocannon ${url} for ${THROUGHPUT_SETTINGS.durationSeconds} s, ${THROUGHPUT_SETTINGS.connections} connections …`);
        measured[kind] = await hammer(autocannon, url, THROUGHPUT_SETTINGS.durationSeconds);
        log(`  ${measured[kind].reqPerSec} req/s, p50 ${measured[kind].p50Ms} ms, p99 ${measured[kind].p99Ms} ms, errors ${measured[kind].errors}`);
      }
      rows.push({
        name,
        route,
        htmlBytes,
        page: measured.page,
        static: { path: staticPath, ...measured.static },
        ratio: round(measured.page.reqPerSec / measured.static.reqPerSec, 3),
      });
    }
  } finally {
    for (const file of written) fs.rmSync(file, { force: true });
  }
  return rows;
}
