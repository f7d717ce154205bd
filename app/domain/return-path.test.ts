import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

const ORIGIN = "http://localhost:3000";

/** A value fetch accepts as a header is one a Location header can carry (no character above 255, no CR/LF). */
function isHeaderValue(value: string): boolean {
  try {
    new Headers({ Location: value });
    return /^[\x21-\x7e]*$/.test(value);
  } catch {
    return false;
  }
}

describe("the return path", () => {
  it.each([
    ["/cars?sort=price-desc", "/cars?sort=price-desc"],
    ["/cars?sort=newest#shortlist-spitfire", "/cars?sort=newest#shortlist-spitfire"],
    ["/", "/"],
    ["/cars/./x/../bugatti", "/cars/bugatti"],
    // Percent-encoded so it can go into a header; the browser shows the same page.
    ["/€", "/%E2%82%AC"],
    ["/cars?q=café crème", "/cars?q=caf%C3%A9%20cr%C3%A8me"],
    ["/a b#c d", "/a%20b#c%20d"],
    ['/x?q="<script>"', "/x?q=%22%3Cscript%3E%22"],
    // Encoded slashes and backslashes stay encoded: a browser does not decode them into a host.
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
  ])("keeps %j on this site as %j", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
    expect(isHeaderValue(safeReturnPath(value))).toBe(true);
  });

  it.each([
    // Another site, spelled every way a browser reads as one.
    "//evil.example",
    "//evil.example/phish",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    // Only another site once dot segments are removed.
    "/.//evil.example",
    "/x/..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil.example",
    "/./\\evil.example",
    "/x/../\\evil.example",
    // Control characters: browsers drop tabs and newlines, so "/\t/" becomes "//"; CR/LF would split the header.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/a\r\nSet-Cookie: x=1",
    "/a\u0000b",
    "/a\u007fb",
    "/a\u0085b",
    " //evil.example",
    // Not a path at all.
    "",
    "cars",
    "?q=1",
    "#top",
    "/" + "a".repeat(2100),
  ])("refuses %j", (value) => {
    expect(safeReturnPath(value)).toBe("/");
  });

  it("refuses what is not a string, and uses the caller's fallback", () => {
    for (const value of [null, undefined, 42, ["/cars"], { toString: () => "/cars" }]) expect(safeReturnPath(value)).toBe("/");
    expect(safeReturnPath("//evil.example", { fallback: "/shortlist" })).toBe("/shortlist");
  });

  it("accepts an absolute address only on this site's origin, when the origin is given (a Referer)", () => {
    expect(safeReturnPath(`${ORIGIN}/jets#similar`, { origin: ORIGIN })).toBe("/jets#similar");
    expect(safeReturnPath(`${ORIGIN}/.//evil.example`, { origin: ORIGIN })).toBe("/");
    expect(safeReturnPath(`${ORIGIN}//evil.example`, { origin: ORIGIN })).toBe("/");
    expect(safeReturnPath(`${ORIGIN}/€`, { origin: ORIGIN })).toBe("/%E2%82%AC");
    expect(safeReturnPath("https://evil.example/", { origin: ORIGIN })).toBe("/");
    expect(safeReturnPath("http://localhost:3000.evil.example/", { origin: ORIGIN })).toBe("/");
    expect(safeReturnPath(`http://user@localhost:3000/x`, { origin: ORIGIN })).toBe("/x");
    expect(safeReturnPath(`${ORIGIN}/jets`)).toBe("/");
  });
});
