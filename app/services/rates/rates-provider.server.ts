import { COINS, rateText, type Coin, type DisplayCurrency, type UsdRates } from "#app/domain/price-conversion";
import { CURRENCIES } from "#app/domain/listing-price";

/**
 * Where exchange rates come from, behind one small interface so another provider is one file. A provider
 * answers US dollars per unit for every currency it knows, or throws a RatesError saying why not.
 */
export type RatesProvider = { name: string; fetchRates(): Promise<UsdRates> };

export type RatesFailure = "timeout" | "rate-limited" | "http" | "malformed" | "network";

export class RatesError extends Error {
  constructor(
    readonly reason: RatesFailure,
    message: string,
    /** Seconds the provider asked us to wait (HTTP 429 Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "RatesError";
  }
}

const COIN_IDS: Record<Coin, string> = { BTC: "bitcoin", ETH: "ethereum", XRP: "ripple" };

export type CoinGeckoOptions = { url: string; apiKey?: string; timeoutMs: number };

/**
 * CoinGecko's simple-price endpoint: one request gives each coin's price in every fiat currency we show, e.g.
 * `{"bitcoin":{"usd":90000,"eur":83333}}`. Fiat rates are derived through Bitcoin (USD per EUR = BTC in USD ÷
 * BTC in EUR), so every figure comes from the same moment.
 */
export function coinGeckoProvider({ url, apiKey, timeoutMs }: CoinGeckoOptions): RatesProvider {
  return {
    name: "coingecko",
    async fetchRates() {
      const query = new URL(url);
      query.searchParams.set("ids", COINS.map((coin) => COIN_IDS[coin]).join(","));
      query.searchParams.set("vs_currencies", CURRENCIES.map((currency) => currency.toLowerCase()).join(","));
      const headers: Record<string, string> = { accept: "application/json" };
      if (apiKey) headers[query.hostname.startsWith("pro-api.") ? "x-cg-pro-api-key" : "x-cg-demo-api-key"] = apiKey;
      let response: Response;
      try {
        response = await fetch(query, { headers, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const name = error instanceof Error ? error.name : "";
        if (name === "TimeoutError" || name === "AbortError") throw new RatesError("timeout", `no answer within ${timeoutMs} ms`);
        throw new RatesError(
          "network",
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error),
        );
      }
      if (response.status === 429) {
        await response.body?.cancel();
        const retryAfter = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
        throw new RatesError("rate-limited", "HTTP 429 Too Many Requests", Number.isFinite(retryAfter) ? retryAfter : undefined);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new RatesError("http", `HTTP ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new RatesError("malformed", "the answer is not JSON");
      }
      return parseCoinGecko(body);
    },
  };
}

/** Reads the answer; anything missing or not a positive number is left out, and an answer without Bitcoin in dollars is refused. */
export function parseCoinGecko(body: unknown): UsdRates {
  const prices = (coin: Coin): Record<string, unknown> => {
    const entry = body && typeof body === "object" ? (body as Record<string, unknown>)[COIN_IDS[coin]] : undefined;
    return entry && typeof entry === "object" ? (entry as Record<string, unknown>) : {};
  };
  const bitcoin = prices("BTC");
  const btcUsd = typeof bitcoin.usd === "number" && rateText(bitcoin.usd) ? bitcoin.usd : undefined;
  if (btcUsd === undefined) throw new RatesError("malformed", "the answer has no Bitcoin price in US dollars");
  const rates: UsdRates = { USD: "1" };
  for (const coin of COINS) {
    const text = rateText(prices(coin).usd);
    if (text) rates[coin] = text;
  }
  for (const currency of CURRENCIES) {
    if (currency === "USD") continue;
    const perBtc = bitcoin[currency.toLowerCase()];
    const text = typeof perBtc === "number" && perBtc > 0 ? rateText(btcUsd / perBtc) : null;
    if (text) rates[currency as DisplayCurrency] = text;
  }
  return rates;
}
