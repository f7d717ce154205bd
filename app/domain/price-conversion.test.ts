import { describe, expect, it } from "vitest";
import {
  convertAmount,
  formatMoney,
  isStale,
  priceView,
  ratesTimeLabel,
  rateText,
  toScaled,
  usdValueOf,
  type RatesSnapshot,
  type UsdRates,
} from "./price-conversion";

// US dollars per unit, as a provider might report them.
const usdPer: UsdRates = { USD: "1", EUR: "1.08", GBP: "1.27", AED: "0.2723", INR: "0.012", BTC: "90000", ETH: "3000", XRP: "2.31" };
const rates: NonNullable<RatesSnapshot> = { usdPer, fetchedAt: "2026-11-23T14:05:41.000Z", stale: false };

describe("conversion and rounding per coin (half away from zero)", () => {
  it.each([
    // 3,950,000 / 90,000 = 43.888…: BTC keeps 4 decimals
    ["3950000", "USD", "BTC", "43.8889"],
    // 0.00005 BTC exactly half a last digit: rounds up
    ["4.50", "USD", "BTC", "0.0001"],
    ["4.49", "USD", "BTC", "0.0000"],
    // ETH keeps 3 decimals: 1,000,000 / 3,000 = 333.333…
    ["1000000", "USD", "ETH", "333.333"],
    ["1.50", "USD", "ETH", "0.001"],
    ["1.49", "USD", "ETH", "0.000"],
    // XRP in whole units: 1,000,000 / 2.31 = 432,900.43…
    ["1000000", "USD", "XRP", "432900"],
    ["3.465", "USD", "XRP", "2"],
    ["3.4649", "USD", "XRP", "1"],
    // through a fiat currency: EUR 1,000,000 = USD 1,080,000 = 12 BTC
    ["1000000", "EUR", "BTC", "12.0000"],
    ["100000000", "INR", "ETH", "400.000"],
  ] as const)("%s %s → %s %s", (amount, from, to, expected) => {
    expect(convertAmount(amount, from, to, usdPer)).toBe(expected);
  });

  it("converts between fiat currencies to whole units", () => {
    expect(convertAmount("1000000", "USD", "EUR", usdPer)).toBe("925926");
    expect(convertAmount("2500000.50", "GBP", "AED", usdPer)).toBe("11659936");
  });

  it("keeps the seller's own figure when the currency is the same", () => {
    expect(convertAmount("1250000.50", "EUR", "EUR", {})).toBe("1250000.50");
  });

  it("gives no figure when a rate is missing or unusable, never a zero", () => {
    expect(convertAmount("1000000", "USD", "BTC", { ETH: "3000" })).toBeNull();
    expect(convertAmount("1000000", "EUR", "USD", { BTC: "90000" })).toBeNull();
    expect(convertAmount("1000000", "USD", "BTC", { BTC: "0" })).toBeNull();
  });

  it("is exact for large amounts (no floating point)", () => {
    expect(convertAmount("99999999999999.99", "USD", "XRP", { XRP: "0.5" })).toBe("200000000000000");
    expect(usdValueOf({ amount: "99999999999999.99", currency: "INR" }, { INR: "0.012" })).toBe("1200000000000.00");
  });
});

describe("rates as a provider sends them", () => {
  it.each([
    [91234.56, "91234.56"],
    [0.0123, "0.0123"],
    [1.2e-7, "0.00000012"],
    [2.31, "2.31"],
  ])("%s → %s", (value, text) => expect(rateText(value)).toBe(text));
  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, "90000", null])("refuses %s", (value) => expect(rateText(value)).toBeNull());
  it("reads decimal text with an exponent", () => expect(toScaled("1.5e-3")).toBe(toScaled("0.0015")));
});

describe("what a price tag shows", () => {
  const price = { amount: "3950000", currency: "USD" } as const;

  it("shows the listing's own price and the three coins", () => {
    const view = priceView(price, null, rates);
    expect(formatMoney(view.main)).toBe("USD 3,950,000");
    expect(view.converted).toBe(false);
    expect(view.equivalents.map(formatMoney)).toEqual(["BTC 43.8889", "ETH 1,316.667", "XRP 1,709,957"]);
  });

  it("shows the chosen currency, with the original kept for reference", () => {
    const view = priceView(price, "EUR", rates);
    expect(formatMoney(view.main)).toBe("EUR 3,657,407");
    expect(view.converted).toBe(true);
    expect(formatMoney(view.original)).toBe("USD 3,950,000");
  });

  it("leaves the chosen coin out of the equivalents", () => {
    const view = priceView(price, "BTC", rates);
    expect(formatMoney(view.main)).toBe("BTC 43.8889");
    expect(view.equivalents.map((money) => money.currency)).toEqual(["ETH", "XRP"]);
  });

  it("without rates: the listing's own price and no equivalents", () => {
    const view = priceView(price, "BTC", null);
    expect(formatMoney(view.main)).toBe("USD 3,950,000");
    expect(view.equivalents).toEqual([]);
  });

  it("hides an equivalent that would round to zero", () => {
    expect(priceView({ amount: "1", currency: "USD" }, null, rates).equivalents).toEqual([]);
  });
});

describe("the rates' time", () => {
  it("says when the rates were fetched, in UTC", () => expect(ratesTimeLabel(rates)).toBe("rates at 14:05 UTC"));
  it("labels stale rates with their day", () =>
    expect(ratesTimeLabel({ ...rates, stale: true })).toBe("rates of 23 Nov 2026, 14:05 UTC (out of date)"));
  it("is stale past the configured age", () => {
    const fetchedAt = new Date("2026-11-23T14:00:00Z");
    expect(isStale(fetchedAt, new Date("2026-11-23T14:59:59Z"), 3600)).toBe(false);
    expect(isStale(fetchedAt, new Date("2026-11-23T15:00:01Z"), 3600)).toBe(true);
  });
});
