import type { ListingPhoto } from "#app/domain/listing-photos";
import { socialCardImage } from "./images.server";
import { ObjectExistsError, type Storage } from "./storage/storage.server";

/** Where a photo's 1200×630 preview is kept: beside the listing photos, named after the photo (photos never change). */
export function socialImageKey(photo: ListingPhoto): string {
  return `listings/social/${photo.id}-1200x630.jpg`;
}

/**
 * The preview of one of our own photos, made the first time anyone asks (so photos uploaded before this
 * existed get one too) and stored for every later request and every process. Null for a remote photo.
 */
export async function ensureSocialImage(storage: Storage, photo: ListingPhoto, maxPixels?: number): Promise<string | null> {
  const source = [...(photo.variants ?? [])].sort((a, b) => b.width - a.width || (a.format === "webp" ? -1 : 1))[0];
  if (!source) return null;
  const key = socialImageKey(photo);
  if (await storage.exists(key)) return key;
  const object = await storage.get(source.key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  const jpeg = await socialCardImage(Buffer.concat(chunks), maxPixels);
  try {
    await storage.put(key, jpeg, { contentType: "image/jpeg", cacheControl: "public, max-age=31536000, immutable" });
  } catch (error) {
    // Another request or process made it at the same moment: theirs is the same picture.
    if (!(error instanceof ObjectExistsError)) throw error;
  }
  return key;
}
