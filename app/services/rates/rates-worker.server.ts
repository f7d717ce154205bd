import type { Database } from "#app/db/client.server";
import { claimRatesRefresh, deferRatesRefresh, saveRates } from "#app/models/exchange-rates.server";
import { logger } from "../logger.server";
import { RatesError, type RatesFailure, type RatesProvider } from "./rates-provider.server";

export type RatesRunResult =
  { outcome: "not-due" } | { outcome: "saved"; currencies: string[] } | { outcome: "failed"; reason: RatesFailure; message: string };

/**
 * One round of the rates worker: if this process wins the claim, fetch and store. A failure keeps the rates
 * already stored (pages then label them out of date once they pass RATES_STALE_SECONDS, or show none).
 */
export async function refreshRatesIfDue(db: Database, provider: RatesProvider, intervalSeconds: number, now = new Date()): Promise<RatesRunResult> {
  if (!(await claimRatesRefresh(db, intervalSeconds, now))) return { outcome: "not-due" };
  try {
    const rates = await provider.fetchRates();
    await saveRates(db, rates, provider.name, new Date());
    return { outcome: "saved", currencies: Object.keys(rates) };
  } catch (error) {
    if (!(error instanceof RatesError)) throw error;
    if (error.reason === "rate-limited" && error.retryAfterSeconds) {
      await deferRatesRefresh(db, new Date(now.getTime() + error.retryAfterSeconds * 1000), intervalSeconds);
    }
    return { outcome: "failed", reason: error.reason, message: error.message };
  }
}

/** Checks every interval (and shortly after start); nothing at all when the interval is 0. */
export function startRatesWorker(db: Database, provider: RatesProvider, intervalSeconds: number): { stop(): void } {
  if (intervalSeconds <= 0) return { stop() {} };
  const check = () =>
    void refreshRatesIfDue(db, provider, intervalSeconds)
      .then((result) => {
        if (result.outcome === "failed")
          logger.warn(
            { provider: provider.name, reason: result.reason, detail: result.message },
            "exchange rates not updated; the stored rates stay",
          );
        else if (result.outcome === "saved") logger.debug({ provider: provider.name, currencies: result.currencies }, "exchange rates updated");
      })
      .catch((error) => logger.warn({ err: error instanceof Error ? error.message : error }, "exchange rates worker failed; trying again later"));
  const first = setTimeout(check, 2_000);
  first.unref();
  const timer = setInterval(check, intervalSeconds * 1000);
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
