import { log, percentile, round } from "./common";

export type LatencyRow = { route: string; requests: number; listings: string; p50Ms: number; p95Ms: number; maxMs: number };

/** The category page and a few filtered variants (search, a filter, sort with paging). */
export const LATENCY_ROUTES = ["/cars", "/cars?q=ferrari", "/real-estate?bedrooms=5", "/cars?sort=newest&page=3"];

/**
 * Sequential requests (one at a time, so each time is the server's own work plus loopback),
 * after a short warm-up; times cover the whole response body.
 */
export async function measureLatency(origin: string, listings: string, requests: number): Promise<LatencyRow[]> {
  const rows: LatencyRow[] = [];
  for (const route of LATENCY_ROUTES) {
    const url = `${origin}${route}`;
    const times: number[] = [];
    for (let index = 0; index < requests + 10; index++) {
      const started = performance.now();
      const response = await fetch(url, { signal: AbortSignal.timeout(15_000), headers: { "accept-encoding": "gzip" } });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
      if (index >= 10) times.push(elapsed);
    }
    const row = {
      route,
      requests,
      listings,
      p50Ms: round(percentile(times, 50), 1),
      p95Ms: round(percentile(times, 95), 1),
      maxMs: round(Math.max(...times), 1),
    };
    log(`latency ${route} (${listings} listings): p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms over ${requests} requests`);
    rows.push(row);
  }
  return rows;
}
