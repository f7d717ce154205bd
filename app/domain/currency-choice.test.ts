import { describe, expect, it } from "vitest";
import { currencyCookie, CurrencyChoiceSchema } from "./currency-choice";
import { currencyFromCookie } from "./price-conversion";

describe("the currency choice", () => {
  it("accepts the eight currencies and 'as listed', nothing else", () => {
    expect(CurrencyChoiceSchema.safeParse({ currency: "XRP" }).success).toBe(true);
    expect(CurrencyChoiceSchema.safeParse({ currency: "listed" }).success).toBe(true);
    const refused = CurrencyChoiceSchema.safeParse({ currency: "DOGE" });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe("Choose one of the currencies offered.");
  });

  it("remembers it in ws_currency for a year, and forgets it for 'as listed'", () => {
    expect(currencyCookie("EUR", true)).toBe("ws_currency=EUR; Max-Age=31536000; Path=/; SameSite=Lax; HttpOnly; Secure");
    expect(currencyCookie("listed", false)).toBe("ws_currency=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly");
  });

  it("reads it back from a Cookie header; anything tampered means 'as listed'", () => {
    expect(currencyFromCookie("a=1; ws_currency=BTC; b=2")).toBe("BTC");
    expect(currencyFromCookie("ws_currency=eth")).toBe("ETH");
    expect(currencyFromCookie("ws_currency=<script>")).toBeNull();
    expect(currencyFromCookie("other_ws_currency=BTC")).toBeNull();
    expect(currencyFromCookie(null)).toBeNull();
  });
});
