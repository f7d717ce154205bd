import { CURRENCIES, formatAmount, type Currency, type Price } from "./listing-price";
import { utcDate, utcTime } from "./utc-dates";

/**
 * Prices shown in another currency, and their equivalents in the three coins the site is paid in. Pure and
 * exact: amounts and rates are decimal text, the arithmetic is done on scaled integers (BigInt), so the same
 * inputs give the same digits on the server, in the browser and in the brochure, and nothing is lost to
 * floating point. Rates are "US dollars per one unit" of each currency (USD is 1); where they come from and
 * how old they may be is docs/decisions/0024-crypto-rates.md.
 */

export const COINS = ["BTC", "ETH", "XRP"] as const;
export type Coin = (typeof COINS)[number];

/** Everything a visitor may choose to see prices in (the top bar's selector). */
export const DISPLAY_CURRENCIES = [...CURRENCIES, ...COINS] as const;
export type DisplayCurrency = Currency | Coin;

export const DISPLAY_CURRENCY_NAMES: Record<DisplayCurrency, string> = {
  USD: "US dollar",
  EUR: "Euro",
  GBP: "Pound sterling",
  AED: "UAE dirham",
  INR: "Indian rupee",
  BTC: "Bitcoin",
  ETH: "Ethereum",
  XRP: "XRP",
};

/** The cookie that remembers the visitor's choice (a page cache keys on it: keep the name). */
export const CURRENCY_COOKIE = "ws_currency";

/** The currency choice that shows every listing in its own currency (the default). */
export const AS_LISTED = "listed";

/**
 * Decimal places a converted amount is rounded to, half away from zero. Coins: about ten dollars or less per
 * last digit at today's prices (0.0001 BTC, 0.001 ETH, 1 XRP); fiat conversions: whole units, since a
 * converted figure is an indication and cents would claim a precision the rate does not have.
 */
export const DECIMALS: Record<DisplayCurrency, number> = { USD: 0, EUR: 0, GBP: 0, AED: 0, INR: 0, BTC: 4, ETH: 3, XRP: 0 };

/** US dollars per one unit of each currency, as decimal text; a missing entry means "no rate". */
export type UsdRates = Partial<Record<DisplayCurrency, string>>;

/** What pages get: the rates and when they were fetched. Null: no rates at all (the equivalents are hidden). */
export type RatesSnapshot = { usdPer: UsdRates; fetchedAt: string; stale: boolean } | null;

export const FINAL_AMOUNT_NOTE = "The final amount is fixed when the deal is agreed.";

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === "string" && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

export function isCoin(value: unknown): value is Coin {
  return typeof value === "string" && (COINS as readonly string[]).includes(value);
}

/** Fixed-point scale of the intermediate arithmetic: 18 decimals, beyond any rate's precision. */
const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

/** "1250000.5", "0.000012", "1.2e-5" → the value × 10^18 as an integer; null for anything that is not a positive decimal. */
export function toScaled(text: string): bigint | null {
  const match = /^(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!match) return null;
  const digits = `${match[1]}${match[2] ?? ""}`;
  // The position of the decimal point, counted from the right, after the exponent moves it.
  const shift = SCALE - (match[2]?.length ?? 0) + Number(match[3] ?? 0);
  const value = shift >= 0 ? BigInt(digits) * 10n ** BigInt(shift) : BigInt(digits) / 10n ** BigInt(-shift);
  return value > 0n ? value : null;
}

/** A rate as stored text: a finite positive number from a provider's JSON, written without an exponent (null if unusable). */
export function rateText(value: unknown): string | null {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return null;
  // 15 significant digits: what a double holds faithfully; toFixed never uses an exponent below 1e21.
  const digits = Math.max(0, 14 - Math.floor(Math.log10(value)));
  const text = value
    .toFixed(Math.min(digits, 20))
    .replace(/(\.\d*?)0+$/, "$1")
    .replace(/\.$/, "");
  return toScaled(text) === null ? null : text;
}

/** A scaled integer rounded half away from zero to `decimals` places, as decimal text ("43.8889", "1712000"). */
function roundScaled(value: bigint, decimals: number): string {
  const unit = 10n ** BigInt(SCALE - decimals);
  const rounded = (value + unit / 2n) / unit;
  if (decimals === 0) return rounded.toString();
  const text = rounded.toString().padStart(decimals + 1, "0");
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/**
 * `amount` (decimal text) in `from` expressed in `to`, rounded to `to`'s decimals; null when either rate is missing.
 * The same currency comes back unchanged (no rounding of the seller's own figure).
 */
export function convertAmount(amount: string, from: DisplayCurrency, to: DisplayCurrency, usdPer: UsdRates): string | null {
  if (from === to) return amount;
  const value = toScaled(amount);
  const fromRate = toScaled(usdPer[from] ?? (from === "USD" ? "1" : ""));
  const toRate = toScaled(usdPer[to] ?? (to === "USD" ? "1" : ""));
  if (value === null || fromRate === null || toRate === null) return null;
  return roundScaled((value * fromRate) / toRate, DECIMALS[to]);
}

/** The price in US dollars, exactly (two decimals), for ordering and price ranges; null when on request or without a rate. */
export function usdValueOf(price: Price, usdPer: UsdRates): string | null {
  if (!price) return null;
  if (price.currency === "USD") return price.amount;
  const value = toScaled(price.amount);
  const rate = toScaled(usdPer[price.currency] ?? "");
  if (value === null || rate === null) return null;
  return roundScaled((value * rate) / ONE, 2);
}

/**
 * The price in US dollars exactly (× 10^18, no rounding), for comparing with a price range's bounds: the same
 * product SQL computes (`price_amount × usd_per_unit`), so both agree even at a bound. Null: on request, or no rate.
 */
export function usdScaledOf(price: Price, usdPer: UsdRates): bigint | null {
  if (!price) return null;
  const value = toScaled(price.amount);
  const rate = toScaled(usdPer[price.currency] ?? (price.currency === "USD" ? "1" : ""));
  return value === null || rate === null ? null : (value * rate) / ONE;
}

/** Whole US dollars × 10^18, for a range bound. */
export function usdBound(dollars: number): bigint {
  return BigInt(dollars) * ONE;
}

export type Money = { amount: string; currency: DisplayCurrency };

/** "USD 3,950,000", "BTC 43.8889", "XRP 1,712,000": code first, like every price on the site. */
export function formatMoney(money: Money): string {
  if (!isCoin(money.currency)) return `${money.currency} ${formatAmount(money.amount)}`;
  const [integer = "0", fraction = ""] = money.amount.split(".");
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${money.currency} ${grouped}.${fraction}` : `${money.currency} ${grouped}`;
}

/**
 * What a price tag shows: the main figure (in the visitor's currency when a rate allows it, else the listing's
 * own), whether that is a conversion, and the coin equivalents (empty without rates: never a wrong or zero figure).
 */
export type PriceView = { main: Money; converted: boolean; original: Money; equivalents: Money[] };

export function priceView(price: NonNullable<Price>, chosen: DisplayCurrency | null, rates: RatesSnapshot): PriceView {
  const original: Money = { amount: price.amount, currency: price.currency };
  const usdPer = rates?.usdPer ?? {};
  const convertedAmount = chosen && chosen !== price.currency && rates ? convertAmount(price.amount, price.currency, chosen, usdPer) : null;
  const main = convertedAmount !== null && chosen ? { amount: convertedAmount, currency: chosen } : original;
  const equivalents = rates
    ? COINS.filter((coin) => coin !== main.currency).flatMap((coin) => {
        const amount = convertAmount(price.amount, price.currency, coin, usdPer);
        return amount !== null && toScaled(amount) !== null ? [{ amount, currency: coin }] : [];
      })
    : [];
  return { main, converted: main !== original, original, equivalents };
}

/** "rates at 14:05 UTC"; stale rates also say the day and that they are out of date. */
export function ratesTimeLabel(rates: NonNullable<RatesSnapshot>): string {
  const at = new Date(rates.fetchedAt);
  const time = `${utcTime(at)} UTC`;
  return rates.stale ? `rates of ${utcDate(at, "short")}, ${time} (out of date)` : `rates at ${time}`;
}

/** Whether rates fetched at `fetchedAt` are older than `maxAgeSeconds` at `now`. */
export function isStale(fetchedAt: Date, now: Date, maxAgeSeconds: number): boolean {
  return now.getTime() - fetchedAt.getTime() > maxAgeSeconds * 1000;
}

/** What every page knows about prices: the visitor's choice (null: each listing in its own currency) and the rates. */
export type Pricing = { currency: DisplayCurrency | null; rates: RatesSnapshot };

/** The visitor's currency from a Cookie header; anything else (absent, tampered) means "as listed". */
export function currencyFromCookie(cookieHeader: string | null): DisplayCurrency | null {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${CURRENCY_COOKIE}=([^;]*)`));
  const value = match?.[1]?.trim().toUpperCase();
  return isDisplayCurrency(value) ? value : null;
}
