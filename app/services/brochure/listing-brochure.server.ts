import { buffer } from "node:stream/consumers";
import { CATEGORIES } from "#app/domain/categories";
import { brochureContent } from "#app/domain/brochure";
import type { ListingPhoto } from "#app/domain/listing-photos";
import type { ListingRow } from "#app/db/schema";
import { toDetailData } from "#app/models/listings.server";
import type { AppServices } from "#app/services/app-services.server";
import { publicSettings } from "#app/services/settings.server";
import { ensureSocialImage } from "#app/services/social-image.server";
import { renderBrochure } from "./brochure-pdf.server";

export type ListingBrochure = { pdf: Buffer; filename: string };

/**
 * A reachable listing's brochure, made now from what its page shows: the same rates service and Settings as the
 * page, and the cover as the 1200×630 picture link previews use (made from our stored photo on first request
 * and kept in storage; a photo still hot-linked from the earlier site is never fetched, the cover is then drawn).
 */
export async function makeListingBrochure(
  services: Pick<AppServices, "env" | "rates" | "settings" | "storage">,
  listing: ListingRow,
): Promise<ListingBrochure> {
  const [rates, settings, cover] = await Promise.all([
    services.rates.current(),
    services.settings.current(),
    coverPicture(services, listing.photos[0]),
  ]);
  const content = brochureContent({
    listing: toDetailData(listing),
    category: CATEGORIES[listing.category],
    rates,
    settings: publicSettings(services.env, settings),
    siteUrl: services.env.siteUrl,
  });
  return { pdf: await renderBrochure(content, { cover }), filename: content.filename };
}

async function coverPicture(services: Pick<AppServices, "env" | "storage">, photo: ListingPhoto | undefined): Promise<Buffer | null> {
  if (!photo) return null;
  const key = await ensureSocialImage(services.storage, photo, services.env.IMAGE_MAX_PIXELS);
  const object = key ? await services.storage.get(key) : null;
  return object ? buffer(object.body) : null;
}
