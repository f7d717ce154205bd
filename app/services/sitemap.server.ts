import { CATEGORY_IDS } from "#app/domain/category-ids";
import { parseSitemapFile, renderSitemapIndex, renderUrlSet, SITEMAP_PAGE_SIZE, sitemapFiles } from "#app/domain/sitemap";
import { countReachableListings, visibleListingPaths } from "#app/models/listings.server";
import type { AppServices } from "./app-services.server";

/**
 * The sitemap's XML, kept in the listings cache: built once, then served from memory until a listing changes on
 * any app process (the change bus empties the cache), so crawlers never cost a query. The time limit is only a
 * backstop.
 */
const SITEMAP_TTL_MS = 60 * 60 * 1000;

export const SITEMAP_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

type SitemapServices = Pick<AppServices, "db" | "env" | "listingsCache">;

const listingCount = (services: SitemapServices) =>
  services.listingsCache.remember("sitemap:count", SITEMAP_TTL_MS, () => countReachableListings(services.db));

export async function sitemapIndexXml(services: SitemapServices): Promise<string> {
  return services.listingsCache.remember("sitemap:index", SITEMAP_TTL_MS, async () =>
    renderSitemapIndex(services.env.siteUrl, sitemapFiles(await listingCount(services))),
  );
}

/** One sitemap file's XML, or undefined when the name is not one the index lists. */
export async function sitemapFileXml(services: SitemapServices, name: string): Promise<string | undefined> {
  const file = parseSitemapFile(name, await listingCount(services));
  if (!file) return undefined;
  return services.listingsCache.remember(`sitemap:${name}`, SITEMAP_TTL_MS, async () => {
    if (file.kind === "pages") {
      const paths = ["/", "/about", "/contact", ...CATEGORY_IDS.map((id) => `/${id}`)];
      return renderUrlSet(
        services.env.siteUrl,
        paths.map((path) => ({ path })),
      );
    }
    const entries = await visibleListingPaths(services.db, { offset: (file.page - 1) * SITEMAP_PAGE_SIZE, limit: SITEMAP_PAGE_SIZE });
    return renderUrlSet(services.env.siteUrl, entries);
  });
}
