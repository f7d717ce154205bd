import { describe, expect, it } from "vitest";
import { asciiDomainSearch } from "./enquiry-filters";

describe("the inbox's search for an address whose domain is in another script", () => {
  it.each([
    ["jose@bücher.de", "jose@xn--bcher-kva.de"],
    ["Jose@BÜCHER.DE", "Jose@xn--bcher-kva.de"],
    ["bücher.de", "xn--bcher-kva.de"],
    ["@bücher.de", "@xn--bcher-kva.de"],
    ["jose@bücher", "jose@xn--bcher-kva"],
    ["yamada@例え.jp", "yamada@xn--r8jz45g.jp"],
  ])("looks for %s as %s too", (typed, ascii) => {
    expect(asciiDomainSearch(typed)).toBe(ascii);
  });

  it.each(["jose@example.com", "Hart", "Jürgen Müller", "https://bücher.de/x", "bücher.de:25"])("leaves %s to the plain text search", (typed) => {
    expect(asciiDomainSearch(typed)).toBeUndefined();
  });
});
