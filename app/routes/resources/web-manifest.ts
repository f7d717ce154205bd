import type { Route } from "./+types/web-manifest";
import { servicesContext } from "#app/db/context";

/** The web app manifest, named after the site (SITE_NAME) like every page. */
export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  const manifest = {
    name: env.SITE_NAME,
    short_name: env.SITE_NAME,
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
    ],
    theme_color: "#0d3326",
    background_color: "#faf7f1",
    display: "browser",
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
