/**
 * Prices, in one place: an exact decimal amount (kept as text, never a float) in one of a few currencies, or
 * "Price On Request" (no amount). The database stores numeric(16,2) plus the currency code; everything that
 * shows or reads a price goes through here; crypto equivalents, the price sort and price filters build on it
 * (docs/decisions/0024-crypto-rates.md).
 */
export const CURRENCIES = ["USD", "EUR", "GBP", "AED", "INR"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_NAMES: Record<Currency, string> = {
  USD: "US dollar",
  EUR: "Euro",
  GBP: "Pound sterling",
  AED: "UAE dirham",
  INR: "Indian rupee",
};

export type Price = { amount: string; currency: Currency } | null;

export const PRICE_ON_REQUEST = "Price On Request";

/** numeric(16,2): up to 14 digits before the point, 2 after. */
export const MAX_INTEGER_DIGITS = 14;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * Reads what staff type ("3,950,000", "3 950 000", "1250000.5") as a canonical decimal ("3950000", "1250000.50").
 * Returns an error message instead when it is not a positive amount with at most 2 decimals.
 */
export function parsePriceAmount(input: string): { amount: string } | { error: string } {
  const compact = input.trim().replace(/[\s,'_]/g, "");
  if (compact === "") return { error: "Enter the amount, or choose “Price on request”." };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(compact);
  if (!match) return { error: "Enter the amount in digits, e.g. 3,950,000 or 1250000.50." };
  const integer = match[1]!.replace(/^0+(?=\d)/, "");
  const fraction = match[2] ?? "";
  if (fraction.length > 2) return { error: "Use at most 2 decimals." };
  if (integer.length > MAX_INTEGER_DIGITS) return { error: "That amount is too large." };
  if (/^0+$/.test(integer) && /^0*$/.test(fraction)) return { error: "The amount must be more than zero." };
  const cents = fraction.replace(/0+$/, "");
  return { amount: cents ? `${integer}.${fraction.padEnd(2, "0")}` : integer };
}

/** "3950000.00" → "3,950,000"; "1250000.5" → "1,250,000.50". Works on the text, so no digit is ever rounded. */
export function formatAmount(amount: string): string {
  const [integer = "0", fraction = ""] = amount.split(".");
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const cents = fraction.replace(/0+$/, "") ? fraction.padEnd(2, "0").slice(0, 2) : "";
  return cents ? `${grouped}.${cents}` : grouped;
}

/** What visitors and staff read: "USD 3,950,000", or "Price On Request". */
export function formatPrice(price: Price): string {
  return price ? `${price.currency} ${formatAmount(price.amount)}` : PRICE_ON_REQUEST;
}

/** The price from its two stored columns (both set, or both null). */
export function priceFrom(amount: string | null | undefined, currency: string | null | undefined): Price {
  return amount && isCurrency(currency) ? { amount, currency } : null;
}
