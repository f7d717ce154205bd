import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { createLocalChangeBus } from "#app/db/change-bus.server";
import { exchangeRates } from "#app/db/schema";
import { parseEnv } from "#app/env.server";
import { readFetchedRates, readOrderingRates } from "#app/models/exchange-rates.server";
import { startHttpStub, type HttpStub, type StubReply } from "../../../tests/stubs/http-stub";
import { TEST_DATABASE_KINDS, openTestDatabase } from "../../../tests/setup/test-db";
import { coinGeckoProvider } from "./rates-provider.server";
import { createRatesService } from "./rates-service.server";
import { refreshRatesIfDue } from "./rates-worker.server";

// CoinGecko's simple-price answer for ids=bitcoin,ethereum,ripple&vs_currencies=usd,eur,gbp,aed,inr.
const COINGECKO_ANSWER = {
  bitcoin: { usd: 90000, eur: 80000, gbp: 72000, aed: 330525, inr: 7500000 },
  ethereum: { usd: 3000, eur: 2666.67, gbp: 2400, aed: 11017.5, inr: 250000 },
  ripple: { usd: 2.31, eur: 2.05, gbp: 1.85, aed: 8.48, inr: 192.5 },
};

const INTERVAL = 600;

for (const kind of TEST_DATABASE_KINDS) {
  describe(`rates worker against a stub of CoinGecko on ${kind}`, () => {
    let handle: DatabaseHandle;
    let stub: HttpStub;
    let answer: StubReply = { json: COINGECKO_ANSWER };
    const provider = () => coinGeckoProvider({ url: `${stub.url}/api/v3/simple/price`, apiKey: "demo-key", timeoutMs: 300 });
    // Each round starts a full interval after the last claim, as the timer would.
    let clock = Date.parse("2026-11-23T14:05:00Z");
    const nextRound = () => new Date((clock += INTERVAL * 1000));

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      stub = await startHttpStub(() => answer);
    });
    afterAll(async () => {
      await stub?.stop();
      await handle?.close();
    });
    afterEach(() => {
      answer = { json: COINGECKO_ANSWER };
    });

    it("before any fetch: no rates to show, reference fiat rates for ordering", async () => {
      expect(await readFetchedRates(handle.db)).toBeNull();
      expect(await readOrderingRates(handle.db)).toMatchObject({ USD: "1.000000000000", EUR: "1.160000000000" });
    });

    it("success: asks once for the three coins in the five currencies and stores US dollars per unit", async () => {
      const result = await refreshRatesIfDue(handle.db, provider(), INTERVAL, nextRound());
      expect(result).toEqual({ outcome: "saved", currencies: expect.arrayContaining(["USD", "BTC", "ETH", "XRP", "EUR", "GBP", "AED", "INR"]) });
      const request = stub.requests.at(-1)!;
      const url = new URL(request.path, stub.url);
      expect(url.pathname).toBe("/api/v3/simple/price");
      expect(url.searchParams.get("ids")).toBe("bitcoin,ethereum,ripple");
      expect(url.searchParams.get("vs_currencies")).toBe("usd,eur,gbp,aed,inr");
      const stored = await readFetchedRates(handle.db);
      expect(stored?.usdPer).toMatchObject({
        BTC: "90000.000000000000",
        ETH: "3000.000000000000",
        XRP: "2.310000000000",
        // 90,000 USD ÷ 80,000 EUR per Bitcoin
        EUR: "1.125000000000",
        INR: "0.012000000000",
      });
    });

    it("a second process in the same interval does not ask again", async () => {
      const before = stub.requests.length;
      expect(await refreshRatesIfDue(handle.db, provider(), INTERVAL, new Date(clock + 60_000))).toEqual({ outcome: "not-due" });
      expect(stub.requests.length).toBe(before);
    });

    it("readers are told through the change bus and see the new rates, labelled stale past the configured age", async () => {
      const changes = createLocalChangeBus();
      const env = parseEnv({ RATES_STALE_SECONDS: "3600" });
      const rates = createRatesService({ db: handle.db, env, changes });
      const first = await rates.current();
      expect(first?.usdPer.BTC).toBe("90000.000000000000");
      answer = { json: { ...COINGECKO_ANSWER, bitcoin: { ...COINGECKO_ANSWER.bitcoin, usd: 95000 } } };
      await refreshRatesIfDue(handle.db, provider(), INTERVAL, nextRound());
      // Still the held copy until the notice arrives (LISTEN/NOTIFY delivers it in production).
      expect((await rates.current())?.usdPer.BTC).toBe("90000.000000000000");
      changes.emitLocal("rates");
      const fresh = await rates.current();
      expect(fresh?.usdPer.BTC).toBe("95000.000000000000");
      expect(fresh?.stale).toBe(false);
      expect((await rates.current(new Date(Date.parse(fresh!.fetchedAt) + 3601_000)))?.stale).toBe(true);
      rates.dispose();
    });

    it.each([
      ["timeout", { json: COINGECKO_ANSWER, delayMs: 2000 }, "timeout"],
      ["malformed answer", { text: "<html>Service Unavailable</html>", headers: { "Content-Type": "application/json" } }, "malformed"],
      ["answer without prices", { json: { bitcoin: { usd: "lots" } } }, "malformed"],
      ["HTTP 429", { status: 429, json: { status: { error_code: 429 } } }, "rate-limited"],
      ["HTTP 500", { status: 500, text: "oops" }, "http"],
    ] as const)("%s: keeps the stored rates", async (_case, reply, reason) => {
      const before = await readFetchedRates(handle.db);
      answer = reply;
      const result = await refreshRatesIfDue(handle.db, provider(), INTERVAL, nextRound());
      expect(result).toMatchObject({ outcome: "failed", reason });
      expect(await readFetchedRates(handle.db)).toEqual(before);
    });

    it("HTTP 429 with Retry-After: no process asks again before that time", async () => {
      answer = { status: 429, text: "", headers: { "Retry-After": "3600" } };
      const at = nextRound();
      expect(await refreshRatesIfDue(handle.db, provider(), INTERVAL, at)).toMatchObject({ outcome: "failed", reason: "rate-limited" });
      answer = { json: COINGECKO_ANSWER };
      // One interval later is not enough: the provider asked for an hour.
      expect(await refreshRatesIfDue(handle.db, provider(), INTERVAL, new Date(at.getTime() + INTERVAL * 1000))).toEqual({ outcome: "not-due" });
      expect(await refreshRatesIfDue(handle.db, provider(), INTERVAL, new Date(at.getTime() + 3600_000))).toMatchObject({ outcome: "saved" });
      clock = at.getTime() + 3600_000;
    });

    it("sends the API key in CoinGecko's demo header, and every stored rate names its source", async () => {
      expect(stub.requests.at(-1)?.headers["x-cg-demo-api-key"]).toBe("demo-key");
      const rows = await handle.db.select().from(exchangeRates);
      expect(rows.map((row) => row.source)).toEqual(rows.map(() => "coingecko"));
    });
  });
}
