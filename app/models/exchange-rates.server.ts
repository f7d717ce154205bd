import { isNotNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { announceChange } from "#app/db/change-bus.server";
import { appSettings, exchangeRates } from "#app/db/schema";
import { isDisplayCurrency, type UsdRates } from "#app/domain/price-conversion";

/** The rates as stored: fetched rates, with the time of the oldest one (reference rows are not rates to show). */
export type StoredRates = { usdPer: UsdRates; fetchedAt: Date } | null;

export async function readFetchedRates(db: Database): Promise<StoredRates> {
  const rows = await db.select().from(exchangeRates).where(isNotNull(exchangeRates.fetchedAt));
  const usdPer: UsdRates = {};
  let oldest: Date | undefined;
  for (const row of rows) {
    if (!isDisplayCurrency(row.currency) || !row.fetchedAt) continue;
    usdPer[row.currency] = row.usdPerUnit;
    if (!oldest || row.fetchedAt < oldest) oldest = row.fetchedAt;
  }
  // Without at least one coin there is nothing to show as an equivalent.
  return oldest && (usdPer.BTC || usdPer.ETH || usdPer.XRP) ? { usdPer, fetchedAt: oldest } : null;
}

/** Every rate the table holds, reference ones included: what the price order and price ranges use. */
export async function readOrderingRates(db: Database): Promise<UsdRates> {
  const rows = await db.select({ currency: exchangeRates.currency, usdPerUnit: exchangeRates.usdPerUnit }).from(exchangeRates);
  return Object.fromEntries(rows.filter((row) => isDisplayCurrency(row.currency)).map((row) => [row.currency, row.usdPerUnit]));
}

/** Replaces the rates the provider gave (others keep their row) and tells every process, in one transaction. */
export async function saveRates(db: Database, rates: UsdRates, source: string, fetchedAt: Date): Promise<void> {
  const rows = Object.entries(rates).map(([currency, usdPerUnit]) => ({ currency, usdPerUnit, fetchedAt, source }));
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(exchangeRates)
      .values(rows)
      .onConflictDoUpdate({
        target: exchangeRates.currency,
        set: { usdPerUnit: sql`excluded.usd_per_unit`, fetchedAt: sql`excluded.fetched_at`, source: sql`excluded.source` },
      });
    await announceChange(tx, "rates");
  });
}

const CLAIM_KEY = "rates-refresh";

/**
 * Claims the next fetch for this process: one atomic upsert on app_settings that succeeds only when no process
 * claimed one in the last `intervalSeconds` (less a little, so a timer's drift never skips a round). However
 * many processes check at once, one gets the row back; no lock is held while it fetches.
 */
export async function claimRatesRefresh(db: Database, intervalSeconds: number, now = new Date()): Promise<boolean> {
  const value = { lastRunAt: now.toISOString() };
  const gap = Math.max(1, Math.floor(intervalSeconds * 0.9));
  const claimed = await db
    .insert(appSettings)
    .values({ key: CLAIM_KEY, value })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value, updatedAt: now },
      setWhere: sql`(${appSettings.value}->>'lastRunAt')::timestamptz <= ${now}::timestamptz - make_interval(secs => ${gap})`,
    })
    .returning({ key: appSettings.key });
  return claimed.length > 0;
}

/** After an HTTP 429: no process asks again before the provider's Retry-After (the claim's clock moves forward). */
export async function deferRatesRefresh(db: Database, until: Date, intervalSeconds: number): Promise<void> {
  const gap = Math.max(1, Math.floor(intervalSeconds * 0.9));
  const lastRunAt = new Date(until.getTime() - gap * 1000).toISOString();
  await db
    .insert(appSettings)
    .values({ key: CLAIM_KEY, value: { lastRunAt } })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: { lastRunAt }, updatedAt: new Date() } });
}
