import path from "node:path";
import type { PgliteThread } from "#app/db/pglite-thread.server";
import { openDatabase } from "#app/db/client.server";
import { log, percentile, round } from "./common";

/**
 * What counting listing views costs the detail page: the same page on two servers with the same catalogue,
 * one counting views (the default) and one with LISTING_VIEWS=0, requested alternately one at a time so both
 * share the machine's background load. Every request comes from a new "visitor" (its own browser string),
 * the worst case: each one is a view to record.
 */
export const VIEW_ROUTE = "/cars/bugatti-chiron-2019";
const WARM_UP = 10;

export type ViewRecordingResult = {
  route: string;
  requests: number;
  withViews: { p50Ms: number; p95Ms: number };
  withoutViews: { p50Ms: number; p95Ms: number };
  /** p95 with ÷ p95 without. */
  p95Ratio: number;
  /** Distinct visitors the counting server stored for the route's listing (proves it did record). */
  recordedViews: number;
  /** When this part ran (a partial run with --only=views updates it alone). */
  measuredAt: string;
};

function visitor(index: number) {
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Visitor/${index}`;
}

async function timeRequest(url: string, userAgent: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000), headers: { "accept-encoding": "gzip", "user-agent": userAgent } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

export async function measureViewRecording(
  counting: string,
  notCounting: string,
  requests: number,
): Promise<Omit<ViewRecordingResult, "recordedViews" | "measuredAt">> {
  const times = { with: [] as number[], without: [] as number[] };
  for (let index = 0; index < requests + WARM_UP; index++) {
    const userAgent = visitor(index);
    const withViews = await timeRequest(`${counting}${VIEW_ROUTE}`, userAgent);
    const withoutViews = await timeRequest(`${notCounting}${VIEW_ROUTE}`, userAgent);
    if (index < WARM_UP) continue;
    times.with.push(withViews);
    times.without.push(withoutViews);
  }
  const summary = (values: number[]) => ({ p50Ms: round(percentile(values, 50), 1), p95Ms: round(percentile(values, 95), 1) });
  const result = { route: VIEW_ROUTE, requests, withViews: summary(times.with), withoutViews: summary(times.without) };
  log(
    `detail page with view counting: p50 ${result.withViews.p50Ms} ms, p95 ${result.withViews.p95Ms} ms; without: p50 ${result.withoutViews.p50Ms} ms, p95 ${result.withoutViews.p95Ms} ms`,
  );
  return { ...result, p95Ratio: round(result.withViews.p95Ms / result.withoutViews.p95Ms, 2) };
}

/** The views the counting server wrote, read from its database once it has stopped (PGlite opens in one process). */
export async function recordedViews(dataDir: string, listingId = "bugatti-chiron-2019"): Promise<number> {
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  try {
    const result = await (handle.raw as PgliteThread).query<{ views: number }>(
      "select coalesce(sum(views), 0)::int as views from listing_view_days where listing_id = $1",
      [listingId],
    );
    return result.rows[0]?.views ?? 0;
  } finally {
    await handle.close();
  }
}
