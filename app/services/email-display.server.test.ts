import { describe, expect, it } from "vitest";
import { displayEmailAddress } from "./email-display.server";

describe("an enquirer's address as staff read it", () => {
  it.each([
    ["jose@xn--bcher-kva.de", "jose@bücher.de"],
    ["Jose@XN--BCHER-KVA.DE", "Jose@bücher.de"],
    ["yamada@xn--r8jz45g.jp", "yamada@例え.jp"],
    ["ivan@xn--80aswg.xn--p1ai", "ivan@сайт.рф"],
    // Cyrillic letters that look Latin are ordinary under a Cyrillic top-level domain.
    ["shop@xn--80ak6aa92e.xn--p1ai", "shop@аррӏе.рф"],
    ["desk@mail.xn--mnchen-3ya.de", "desk@mail.münchen.de"],
  ])("shows %s with its domain as typed: %s", (stored, shown) => {
    expect(displayEmailAddress(stored)).toBe(shown);
  });

  it("shows an ASCII address exactly as stored", () => {
    expect(displayEmailAddress("Ada@EXAMPLE.com")).toBe("Ada@EXAMPLE.com");
  });

  it("keeps punycode that does not decode as it is", () => {
    expect(displayEmailAddress("odd@xn--zz.de")).toBe("odd@xn--zz.de");
  });

  it.each([
    // pаypal.com: a Cyrillic а among Latin letters.
    "billing@xn--pypal-4ve.com",
    // аррӏе.com: every letter Cyrillic, every one looking Latin, under .com.
    "ceo@xn--80ak6aa92e.com",
    // gοogle.com with a Greek ο.
    "info@xn--gogle-rce.com",
  ])("keeps %s in ASCII form: its Unicode form could pass for another company's domain", (address) => {
    expect(displayEmailAddress(address)).toBe(address);
  });
});
