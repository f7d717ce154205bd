import type { ChangeBus } from "#app/db/change-bus.server";
import type { Database } from "#app/db/client.server";
import type { Env } from "#app/env.server";
import { isStale, type RatesSnapshot } from "#app/domain/price-conversion";
import { readFetchedRates, type StoredRates } from "#app/models/exchange-rates.server";

/**
 * The rates pages read, held in memory and reloaded when any process stores new ones (the `rates` topic of
 * the change bus) or after a minute at most; no visitor ever causes a provider request.
 */
export type RatesService = {
  /** The rates to show, labelled stale past RATES_STALE_SECONDS; null when none were ever fetched. */
  current(now?: Date): Promise<RatesSnapshot>;
};

const MAX_AGE_MS = 60_000;

export function createRatesService({ db, env, changes }: { db: Database; env: Env; changes: ChangeBus }): RatesService & { dispose(): void } {
  let loaded: { stored: StoredRates; at: number } | undefined;
  let loading: Promise<NonNullable<typeof loaded>> | undefined;
  let generation = 0;
  const load = async () => {
    if (loaded && Date.now() - loaded.at < MAX_AGE_MS) return loaded;
    if (!loading) {
      const started = generation;
      loading = readFetchedRates(db)
        .then((stored) => {
          const value = { stored, at: Date.now() };
          if (started === generation) loaded = value;
          return value;
        })
        .finally(() => {
          loading = undefined;
        });
    }
    return loading;
  };
  const unsubscribe = changes.subscribe("rates", () => {
    generation += 1;
    loaded = undefined;
  });
  return {
    async current(now = new Date()) {
      const { stored } = await load();
      if (!stored) return null;
      return { usdPer: stored.usdPer, fetchedAt: stored.fetchedAt.toISOString(), stale: isStale(stored.fetchedAt, now, env.RATES_STALE_SECONDS) };
    },
    dispose: unsubscribe,
  };
}
