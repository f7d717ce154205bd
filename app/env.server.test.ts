import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("TRUST_PROXY", () => {
  const trust = (value?: string) => parseEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it("is off unless set: X-Forwarded-For is then never believed", () => {
    expect(trust()).toBe(false);
    expect(trust("")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("false")).toBe(false);
  });

  it("is a hop count, with true meaning one proxy", () => {
    expect(trust("1")).toBe(1);
    expect(trust("true")).toBe(1);
    expect(trust("2")).toBe(2);
  });

  it("takes the proxies' addresses and subnets instead, and refuses anything else", () => {
    expect(trust("10.0.0.0/8, loopback,2001:db8::/32,192.0.2.7")).toEqual(["10.0.0.0/8", "loopback", "2001:db8::/32", "192.0.2.7"]);
    expect(() => trust("yes")).toThrow(/TRUST_PROXY/);
    expect(() => trust("10.0.0.0/33")).toThrow(/not a hop count/);
  });
});
