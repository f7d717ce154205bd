import { log, percentile, round } from "./common";

/** `route` names the row; `timed` is what this server was asked when it differs (page 400 of 20 listings). */
export type LatencyRow = { route: string; timed?: string; requests: number; listings: string; p50Ms: number; p95Ms: number; maxMs: number };

/**
 * The category page, a search, a filter, paging and the sitemap index. Pages 3 and 400 (the 9,577th to 9,600th of the
 * 20,000 cars in the large catalogue) do not exist with 20 listings (they answer 404): there they are compared with
 * the first page.
 */
export const LATENCY_ROUTES: { route: string; small?: string }[] = [
  { route: "/cars" },
  { route: "/cars?q=ferrari" },
  { route: "/real-estate?bedrooms=5" },
  { route: "/cars?sort=newest&page=3", small: "/cars?sort=newest" },
  { route: "/cars?page=400", small: "/cars" },
  { route: "/cars?sort=newest&page=400", small: "/cars?sort=newest" },
  { route: "/sitemap.xml" },
];
const WARM_UP = 10;
/**
 * A cookie the page cache does not share pages with (domain/shared-page.ts), as a visitor with a shortlist has: every
 * request is rendered and runs the catalogue's queries, which is what this part measures. Without it the page cache
 * answers the 199 repeats of an address from memory.
 */
const RENDER_EVERY_TIME = "ws_bench=render";

async function timeRequest(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000), headers: { "accept-encoding": "gzip", cookie: RENDER_EVERY_TIME } });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return elapsed;
}

/**
 * Sequential requests (one at a time, so each time is the server's own work plus loopback) after a
 * short warm-up; times cover the whole response body. With several servers (20 and 100,000 listings)
 * the requests alternate between them, so both see the same background load on a shared machine
 * and their ratio is fair even when the absolute figures drift.
 */
export async function measureLatency(servers: { origin: string; listings: string; small?: boolean }[], requests: number): Promise<LatencyRow[][]> {
  const rows: LatencyRow[][] = servers.map(() => []);
  for (const { route, small } of LATENCY_ROUTES) {
    const timed = servers.map((server) => (server.small && small ? small : route));
    const times: number[][] = servers.map(() => []);
    for (let index = 0; index < requests + WARM_UP; index++) {
      for (const [which, server] of servers.entries()) {
        const elapsed = await timeRequest(`${server.origin}${timed[which]}`);
        if (index >= WARM_UP) times[which]!.push(elapsed);
      }
    }
    for (const [which, server] of servers.entries()) {
      const measured = times[which]!;
      const row: LatencyRow = {
        route,
        ...(timed[which] === route ? {} : { timed: timed[which] }),
        requests,
        listings: server.listings,
        p50Ms: round(percentile(measured, 50), 1),
        p95Ms: round(percentile(measured, 95), 1),
        maxMs: round(Math.max(...measured), 1),
      };
      log(`latency ${timed[which]} (${server.listings} listings): p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms over ${requests} requests`);
      rows[which]!.push(row);
    }
  }
  return rows;
}
