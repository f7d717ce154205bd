/**
 * The sitemap's shape: `/sitemap.xml` is an index of smaller sitemaps, because search engines read at most 50,000
 * URLs (and 50 MB) per file. `/sitemaps/pages.xml` holds the site's own pages; `/sitemaps/listings-N.xml` holds
 * the N-th block of 50,000 listings. Pure functions: the route reads the database, this file writes the XML.
 */
export const SITEMAP_PAGE_SIZE = 50_000;

export type SitemapEntry = { path: string; updatedAt?: Date };
export type SitemapFile = { kind: "pages" } | { kind: "listings"; page: number };

export const PAGES_FILE = "pages.xml";
export const listingsFileName = (page: number) => `listings-${page}.xml`;

/** The files the index lists: the pages, then one per block of listings (none when nothing is listed). */
export function sitemapFiles(listingCount: number): string[] {
  const blocks = Math.ceil(listingCount / SITEMAP_PAGE_SIZE);
  return [PAGES_FILE, ...Array.from({ length: blocks }, (_, index) => listingsFileName(index + 1))];
}

/** Reads a file name from the URL; anything else (including a block past the end) is not a sitemap. */
export function parseSitemapFile(name: string, listingCount: number): SitemapFile | undefined {
  if (name === PAGES_FILE) return { kind: "pages" };
  const match = /^listings-([1-9]\d{0,5})\.xml$/.exec(name);
  if (!match) return undefined;
  const page = Number(match[1]);
  return page <= Math.ceil(listingCount / SITEMAP_PAGE_SIZE) ? { kind: "listings", page } : undefined;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const lastmod = (date?: Date) => (date ? `<lastmod>${date.toISOString().slice(0, 10)}</lastmod>` : "");

export function renderSitemapIndex(siteUrl: string, files: string[]): string {
  const items = files.map((file) => `  <sitemap><loc>${escapeXml(`${siteUrl}/sitemaps/${file}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

export function renderUrlSet(siteUrl: string, entries: SitemapEntry[]): string {
  const items = entries.map((entry) => `  <url><loc>${escapeXml(siteUrl + entry.path)}</loc>${lastmod(entry.updatedAt)}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</urlset>\n`;
}
