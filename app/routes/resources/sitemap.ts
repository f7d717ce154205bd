import type { Route } from "./+types/sitemap";
import { servicesContext } from "#app/db/context";
import { SITEMAP_HEADERS, sitemapIndexXml } from "#app/services/sitemap.server";

/** /sitemap.xml: the index of the sitemap files (domain/sitemap.ts); hidden listings appear in none of them. */
export async function loader({ context }: Route.LoaderArgs) {
  return new Response(await sitemapIndexXml(context.get(servicesContext)), { headers: SITEMAP_HEADERS });
}
