import { describe, expect, it } from "vitest";
import { isValidEmailAddress } from "./email-address";

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
