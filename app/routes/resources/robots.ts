import type { Route } from "./+types/robots";
import { servicesContext } from "#app/db/context";

/** robots.txt: the admin area is off limits; the sitemap is announced with its absolute URL. */
export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  const body = [
    "User-agent: *",
    "Disallow: /edit",
    "Disallow: /sign-in",
    "Disallow: /setup",
    "Allow: /",
    "",
    `Sitemap: ${env.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
