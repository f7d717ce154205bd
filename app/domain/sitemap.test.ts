import { describe, expect, it } from "vitest";
import { parseSitemapFile, renderSitemapIndex, renderUrlSet, SITEMAP_PAGE_SIZE, sitemapFiles } from "./sitemap";

describe("sitemap files", () => {
  it("splits the listings into files of at most 50,000 URLs, after the pages file", () => {
    expect(SITEMAP_PAGE_SIZE).toBe(50_000);
    expect(sitemapFiles(0)).toEqual(["pages.xml"]);
    expect(sitemapFiles(20)).toEqual(["pages.xml", "listings-1.xml"]);
    expect(sitemapFiles(50_000)).toEqual(["pages.xml", "listings-1.xml"]);
    expect(sitemapFiles(50_001)).toEqual(["pages.xml", "listings-1.xml", "listings-2.xml"]);
    expect(sitemapFiles(100_000)).toHaveLength(3);
  });

  it("reads only the file names the index lists", () => {
    expect(parseSitemapFile("pages.xml", 0)).toEqual({ kind: "pages" });
    expect(parseSitemapFile("listings-2.xml", 100_000)).toEqual({ kind: "listings", page: 2 });
    for (const name of [
      "listings-3.xml",
      "listings-0.xml",
      "listings-01.xml",
      "listings-1.xml%00",
      "../pages.xml",
      "listings-1.XML",
      "listings-9999999.xml",
    ]) {
      expect(parseSitemapFile(name, 100_000), name).toBeUndefined();
    }
    expect(parseSitemapFile("listings-1.xml", 0)).toBeUndefined();
  });

  it("writes absolute, escaped URLs with the day of the last change", () => {
    const index = renderSitemapIndex("https://shop.test", sitemapFiles(20));
    expect(index).toContain("<sitemapindex");
    expect(index).toContain("<loc>https://shop.test/sitemaps/listings-1.xml</loc>");
    const urls = renderUrlSet("https://shop.test", [{ path: "/cars/a&b", updatedAt: new Date("2026-03-04T23:00:00Z") }, { path: "/about" }]);
    expect(urls).toContain("<url><loc>https://shop.test/cars/a&#38;b</loc><lastmod>2026-03-04</lastmod></url>");
    expect(urls).toContain("<url><loc>https://shop.test/about</loc></url>");
  });
});
