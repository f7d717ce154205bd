import { describe, expect, it } from "vitest";
import { sharedPageVariant } from "./shared-page";

describe("who may be given a shared page", () => {
  it.each([
    [null, ""],
    ["", ""],
    ["ws_currency=EUR", "EUR"],
    ["ws_currency=btc", "BTC"],
    // A currency we do not offer is shown as the default: the same page as no cookie.
    ["ws_currency=DOGE", ""],
    ["ws_currency=GBP; ", "GBP"],
  ])("cookies %j share the %j page", (cookies, variant) => {
    expect(sharedPageVariant(cookies)).toBe(variant);
  });

  it.each([
    "ws_shortlist=abc",
    "ws_currency=EUR; ws_shortlist=abc",
    "better-auth.session_token=x",
    "__Host-better-auth.session_token=x",
    "someone_elses_cookie=1",
    "ws_currency=USD; analytics=1",
  ])("a visitor with %j gets a page of their own", (cookies) => {
    expect(sharedPageVariant(cookies)).toBeNull();
  });
});
