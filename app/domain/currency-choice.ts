import { z } from "zod";
import { AS_LISTED, CURRENCY_COOKIE, DISPLAY_CURRENCIES, type DisplayCurrency } from "./price-conversion";

/** The top bar's currency form. */
export const CurrencyChoiceSchema = z.object({
  currency: z.enum([AS_LISTED, ...DISPLAY_CURRENCIES], { error: "Choose one of the currencies offered." }),
  returnTo: z.string().max(2000).optional(),
});

/** A year: the choice is a preference, not personal data; HttpOnly because no script needs to read it. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function currencyCookie(currency: DisplayCurrency | typeof AS_LISTED, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
  return currency === AS_LISTED
    ? `${CURRENCY_COOKIE}=; Max-Age=0; ${attributes}`
    : `${CURRENCY_COOKIE}=${currency}; Max-Age=${ONE_YEAR_SECONDS}; ${attributes}`;
}
