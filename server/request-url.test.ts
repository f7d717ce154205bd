import type { Request as ExpressRequest } from "express";
import { describe, expect, it } from "vitest";
import { requestUrl } from "./request-url";

/** What requestUrl reads of Express's request: the host (Host, or a trusted proxy's X-Forwarded-Host), protocol and target. */
const request = (host: string | undefined, originalUrl = "/cars?q=1", protocol = "http") =>
  ({ host, originalUrl, protocol }) as unknown as ExpressRequest;

describe("the URL React Router sees", () => {
  it.each([
    ["shop.example", "http://shop.example/cars?q=1"],
    ["shop.example:3000", "http://shop.example:3000/cars?q=1"],
    ["127.0.0.1:3311", "http://127.0.0.1:3311/cars?q=1"],
    ["[::1]:3000", "http://[::1]:3000/cars?q=1"],
    ["[::1]", "http://[::1]/cars?q=1"],
    ["localhost", "http://localhost/cars?q=1"],
    ["Shop.Example", "http://shop.example/cars?q=1"],
  ])("is built from the host %j", (host, expected) => {
    expect(requestUrl(request(host))?.href).toBe(expected);
  });

  it.each([
    ["a missing host (HTTP/1.0)", undefined],
    ["a space", "a b"],
    ["an unclosed IPv6 bracket", "[::1"],
    ["a broken escape", "a%zz"],
    ["user information", "user@shop.example"],
    ["a path", "shop.example/evil"],
    ["a query", "shop.example?x"],
    ["a backslash", "shop.example\\evil"],
    ["a port that is not a number", "shop.example:80a"],
    ["a port out of range", "shop.example:70000"],
    ["an empty name", ":3000"],
    ["a NUL", "shop\u0000.example"],
    ["a very long name", `${"a".repeat(300)}.example`],
  ])("is refused (null) for %s", (_name, host) => {
    expect(requestUrl(request(host))).toBeNull();
  });

  it("keeps a target starting with // as a path, and refuses a target that is not a path or a protocol that is not HTTP", () => {
    expect(requestUrl(request("shop.example", "//evil.example/x"))?.href).toBe("http://shop.example//evil.example/x");
    expect(requestUrl(request("shop.example", "http://evil.example/x"))).toBeNull();
    expect(requestUrl(request("shop.example", "*"))).toBeNull();
    expect(requestUrl(request("shop.example", "/", "https"))?.href).toBe("https://shop.example/");
    expect(requestUrl(request("shop.example", "/", "javascript"))).toBeNull();
  });
});
