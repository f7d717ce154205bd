import type { Route } from "./+types/sitemap";
import { servicesContext } from "#app/db/context";
import { CATEGORY_IDS } from "#app/domain/category-ids";
import { visibleListingPaths } from "#app/models/listings.server";

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** Every public page and every visible listing; hidden listings never appear. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const listings = await visibleListingPaths(db);
  const pages = [
    { path: "/", updatedAt: undefined },
    { path: "/about", updatedAt: undefined },
    { path: "/contact", updatedAt: undefined },
    ...CATEGORY_IDS.map((id) => ({ path: `/${id}`, updatedAt: undefined })),
    ...listings,
  ];
  const urls = pages.map(
    (page) =>
      `  <url><loc>${escapeXml(env.siteUrl + page.path)}</loc>${page.updatedAt ? `<lastmod>${page.updatedAt.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
