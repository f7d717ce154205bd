import { log, percentile, round } from "./common";

export type LatencyRow = { route: string; requests: number; listings: string; p50Ms: number; p95Ms: number; maxMs: number };

/** The category page and a few filtered variants (search, a filter, sort with paging). */
export const LATENCY_ROUTES = ["/cars", "/cars?q=ferrari", "/real-estate?bedrooms=5", "/cars?sort=newest&page=3"];
const WARM_UP = 10;

async function timeRequest(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000), headers: { "accept-encoding": "gzip" } });
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
export async function measureLatency(servers: { origin: string; listings: string }[], requests: number): Promise<LatencyRow[][]> {
  const rows: LatencyRow[][] = servers.map(() => []);
  for (const route of LATENCY_ROUTES) {
    const times: number[][] = servers.map(() => []);
    for (let index = 0; index < requests + WARM_UP; index++) {
      for (const [which, server] of servers.entries()) {
        const elapsed = await timeRequest(`${server.origin}${route}`);
        if (index >= WARM_UP) times[which]!.push(elapsed);
      }
    }
    for (const [which, server] of servers.entries()) {
      const measured = times[which]!;
      const row = {
        route,
        requests,
        listings: server.listings,
        p50Ms: round(percentile(measured, 50), 1),
        p95Ms: round(percentile(measured, 95), 1),
        maxMs: round(Math.max(...measured), 1),
      };
      log(`latency ${route} (${server.listings} listings): p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms over ${requests} requests`);
      rows[which]!.push(row);
    }
  }
  return rows;
}
