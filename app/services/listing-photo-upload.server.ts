import type { Database } from "#app/db/client.server";
import { mediaUrl } from "#app/domain/image-sources";
import { MAX_PHOTOS, type ListingPhoto } from "#app/domain/listing-photos";
import { photoAltSchema } from "#app/domain/photo-alt-schema";
import { LISTING_PHOTO_UPLOAD } from "#app/domain/upload-rules";
import type { AuditActor } from "#app/models/audit.server";
import { findListingForEditor } from "#app/models/listings-editor.server";
import { addListingPhoto, PhotoLimitError, removeListingPhoto } from "#app/models/listings-photos.server";
import { logger } from "./logger.server";
import type { Storage } from "./storage/storage.server";
import { uploadErrorAnswer, type ErrorAnswer } from "./upload-media.server";
import { storeUpload } from "./upload-store.server";
import { discardBody, readUpload } from "./upload.server";

export type PhotoUploadAnswer = { status: number; body: { photo: ListingPhoto } } | ErrorAnswer;

type Deps = { db: Database; storage: Storage; maxPixels: number; maxBytes?: number; actor: AuditActor };

/**
 * POST /edit/api/listings/:id/photos, after the caller's session and origin are checked: one image through the
 * media pipeline (type from the bytes, pixel cap, metadata stripped, AVIF and WebP variants, blurred placeholder)
 * stored under listings/<id>/…, then added to the listing's photos. If the listing cannot take it, the files go again.
 */
export async function handleListingPhotoUpload(request: Request, listingId: string, deps: Deps): Promise<PhotoUploadAnswer> {
  const maxBytes = deps.maxBytes ?? LISTING_PHOTO_UPLOAD.maxBytes;
  const listing = await findListingForEditor(deps.db, listingId);
  if (!listing || listing.photos.length >= MAX_PHOTOS) {
    discardBody(request, maxBytes);
    if (!listing) return { status: 404, body: { error: "That listing does not exist." } };
    return { status: 409, body: { error: new PhotoLimitError().message } };
  }
  let written: string[] = [];
  try {
    const { file, fields } = await readUpload(request, { rules: { ...LISTING_PHOTO_UPLOAD, maxBytes }, fieldNames: ["alt"] });
    // The same rule as the editor's alt field; checked before anything is stored.
    const alt = photoAltSchema.safeParse(fields.alt ?? "");
    if (!alt.success) return { status: 400, body: { error: alt.error.issues[0]?.message ?? "The alt text cannot be used." } };
    const id = crypto.randomUUID();
    // Storage keys are lower-case segments; seeded listings' ids are slugs, new ones UUIDs: both fit.
    const stored = await storeUpload(deps.storage, `listings/${listing.id}/${id}`, file, { maxPixels: deps.maxPixels });
    written = stored.variants.map((variant) => variant.key);
    const photo: ListingPhoto = {
      id,
      src: mediaUrl(stored.primaryKey),
      alt: alt.data,
      width: stored.width,
      height: stored.height,
      placeholder: stored.placeholder,
      variants: stored.variants,
    };
    await addListingPhoto(deps.db, deps.actor, listing.id, photo);
    return { status: 201, body: { photo } };
  } catch (error) {
    await deleteKeys(deps.storage, written);
    if (error instanceof PhotoLimitError) return { status: 409, body: { error: error.message } };
    return uploadErrorAnswer(error);
  }
}

/**
 * Deletes a photo from the listing, then its files. Imported pictures are shared (one copy per source address,
 * possibly used elsewhere) and stay in storage; uploaded ones belong to this listing alone.
 */
export async function deleteListingPhoto(deps: Omit<Deps, "maxPixels" | "maxBytes">, listingId: string, photoId: string): Promise<void> {
  const removed = await removeListingPhoto(deps.db, deps.actor, listingId, photoId);
  if (!removed.sourceUrl)
    await deleteKeys(
      deps.storage,
      (removed.variants ?? []).map((variant) => variant.key),
    );
}

async function deleteKeys(storage: Storage, keys: string[]) {
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => logger.error({ err: error, key }, "could not delete a listing photo's file"));
  }
}
