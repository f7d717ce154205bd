import { describe, expect, it } from "vitest";
import { asciiEmailAddress, checkEmailAddress, isValidEmailAddress } from "./email-address";

describe("e-mail addresses", () => {
  it.each([
    "ada@example.com",
    "ada.lovelace+yachts@mail.example.co.uk",
    "o'brien@example.ie",
    "x_y-z@sub-domain.example.museum",
    "buyer@xn--80ak6aa92e.xn--p1ai",
  ])("accepts %s", (address) => {
    expect(isValidEmailAddress(address)).toBe(true);
  });

  it.each([
    "</script><script>alert(1)</script>@example.com",
    '"><img/src=x/onerror=alert(1)>@example.com',
    "postmaster,victim@example.com",
    "grp:victim3@example.com;x.cc",
    "a@b.c",
    "person@example",
    "two@@example.com",
    ".leading@example.com",
    "trailing.@example.com",
    "dou..ble@example.com",
    "space in@example.com",
    "ada@-example.com",
    "ada@example-.com",
    "ada@example..com",
    "ada@example.c0m",
    `${"a".repeat(65)}@example.com`,
    `ada@${"a".repeat(250)}.com`,
  ])("refuses %s", (address) => {
    expect(isValidEmailAddress(address)).toBe(false);
  });
});

describe("e-mail addresses with a domain in another script", () => {
  // Typed as such by the visitor (Firefox, Safari) or already converted (Chrome sends the ASCII form of an IDN domain).
  it.each([
    ["jose@bücher.de", "jose@xn--bcher-kva.de"],
    ["jose@xn--bcher-kva.de", "jose@xn--bcher-kva.de"],
    ["Jose.Garcia@Bücher.DE", "Jose.Garcia@xn--bcher-kva.de"],
    ["yamada@例え.jp", "yamada@xn--r8jz45g.jp"],
    ["ivan@пример.рф", "ivan@xn--e1afmkfd.xn--p1ai"],
    ["sales@straße.de", "sales@xn--strae-oqa.de"],
    ["ada@ｅｘａｍｐｌｅ.com", "ada@example.com"],
  ])("accepts %s and sends to %s", (typed, ascii) => {
    expect(isValidEmailAddress(typed)).toBe(true);
    expect(asciiEmailAddress(typed)).toBe(ascii);
  });

  it("keeps an ASCII address exactly as typed", () => {
    expect(asciiEmailAddress("Ada@EXAMPLE.com")).toBe("Ada@EXAMPLE.com");
  });

  // What the URL parser would read as a path, a port, userinfo or an escape is not a domain.
  it.each([
    "jose@bücher.de/inbox",
    "jose@bücher.de:25",
    "jose@bücher.de?x",
    "jose@bü cher.de",
    // The URL parser drops tabs and line breaks; the address must not lose them silently.
    "jose@bü\tcher.de",
    "jose@bücher.de\r\nBcc: victim@example.com",
    "jose@b%C3%BCcher.de",
    "jose@-bücher.de",
    "jose@bücher-.de",
    "jose@bücher..de",
    "jose@bücher.de.",
    "jose@bücher",
    "jose@①②⑦.0.0.1",
    `jose@${"ü".repeat(70)}.de`,
    // 147 characters as typed, 287 in ASCII form: over the limit of 254.
    `jose@${"bücher.".repeat(20)}de`,
  ])("refuses %s", (address) => {
    expect(checkEmailAddress(address)).toEqual({ ok: false, reason: "invalid" });
    expect(asciiEmailAddress(address)).toBe(address);
  });

  it("tells a local part in another script apart from an address that is wrong anyway", () => {
    expect(checkEmailAddress("山田@例え.jp")).toEqual({ ok: false, reason: "local-part-not-ascii" });
    expect(checkEmailAddress("josé@example.com")).toEqual({ ok: false, reason: "local-part-not-ascii" });
    expect(checkEmailAddress("josé@example")).toEqual({ ok: false, reason: "invalid" });
    expect(checkEmailAddress("jo sé@example.com")).toEqual({ ok: false, reason: "invalid" });
    expect(checkEmailAddress("山田")).toEqual({ ok: false, reason: "invalid" });
  });
});
