import { describe, expect, it } from "vitest";
import { cookiePairs } from "./cookie-pairs";

describe("cookie pairs", () => {
  it("reads a Cookie header's pairs in order, trimmed, with values as sent", () => {
    expect(cookiePairs(" ws_currency=EUR ;better-auth.session_token=abc.def%3D; empty=")).toEqual([
      ["ws_currency", "EUR"],
      ["better-auth.session_token", "abc.def%3D"],
      ["empty", ""],
    ]);
    // A value may hold "=" itself.
    expect(cookiePairs("token=a=b")).toEqual([["token", "a=b"]]);
  });

  it("leaves out parts without a name, and reads nothing from no header", () => {
    expect(cookiePairs("flag; =orphan; ok=1")).toEqual([["ok", "1"]]);
    expect(cookiePairs(null)).toEqual([]);
    expect(cookiePairs("")).toEqual([]);
  });
});
