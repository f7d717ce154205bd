import { createReadableStreamFromReadable } from "@react-router/node";
import type { Route } from "./+types/listing-social-image";
import { servicesContext } from "#app/db/context";
import { isCategoryId } from "#app/domain/category-ids";
import { findPublicListing } from "#app/models/listings.server";
import { ensureSocialImage } from "#app/services/social-image.server";

/**
 * GET /social/<category>/<slug>.jpg: the listing's cover at 1200×630 for link previews (its og:image), made
 * from our stored photo on first request. Only reachable listings answer, like their pages.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const notFound = () =>
    new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const slug = params.file.replace(/\.jpg$/, "");
  if (!isCategoryId(params.category) || slug === params.file) return notFound();
  const services = context.get(servicesContext);
  const found = await findPublicListing(services.db, params.category, slug);
  const cover = found.kind === "missing" ? undefined : found.listing.photos[0];
  if (!cover) return notFound();
  const key = await ensureSocialImage(services.storage, cover, services.env.IMAGE_MAX_PIXELS);
  const object = key ? await services.storage.get(key) : null;
  if (!object) return notFound();
  return new Response(createReadableStreamFromReadable(object.body), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(object.size),
      // The address names the listing, not the photo: a new cover must show within a day.
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
