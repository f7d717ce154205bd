import type { Route } from "./+types/sitemap-file";
import { servicesContext } from "#app/db/context";
import { SITEMAP_HEADERS, sitemapFileXml } from "#app/services/sitemap.server";

/** /sitemaps/pages.xml and /sitemaps/listings-N.xml, as listed by /sitemap.xml. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const xml = await sitemapFileXml(context.get(servicesContext), params.file);
  if (xml === undefined) {
    return new Response("No such sitemap", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return new Response(xml, { headers: SITEMAP_HEADERS });
}
