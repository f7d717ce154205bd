import type { StoredVariant } from "#app/db/schema";
import { logger } from "#app/services/logger.server";
import { processImage } from "./images.server";
import { DEFAULT_CACHE_CONTROL, type Storage } from "./storage/storage.server";
import type { ReceivedFile } from "./upload.server";

export type StoredUpload = {
  /** The key a plain link should point at: the largest WebP for images, the file itself otherwise. */
  primaryKey: string;
  /** Bytes written to storage, all renditions together. */
  bytes: number;
  variants: StoredVariant[];
  width?: number;
  height?: number;
  placeholder?: string;
};

/**
 * Writes an accepted upload under the given generated prefix. Images are re-encoded (never stored as
 * uploaded, so their metadata is gone); video and audio are stored as received, named by their
 * detected type. If any write fails, what was written is removed again.
 */
export async function storeUpload(storage: Storage, prefix: string, file: ReceivedFile, options: { maxPixels: number }): Promise<StoredUpload> {
  const written: string[] = [];
  const put = async (key: string, data: Buffer, contentType: string) => {
    await storage.put(key, data, { contentType, cacheControl: DEFAULT_CACHE_CONTROL });
    written.push(key);
  };
  try {
    if (file.type.kind !== "image") {
      const key = `${prefix}/original.${file.type.ext}`;
      await put(key, file.data, file.type.mime);
      return { primaryKey: key, bytes: file.data.length, variants: [] };
    }
    const image = await processImage(file.data, { maxPixels: options.maxPixels });
    const variants: StoredVariant[] = [];
    for (const variant of image.variants) {
      const key = `${prefix}/${variant.width}.${variant.format}`;
      await put(key, variant.data, variant.contentType);
      variants.push({ key, format: variant.format, width: variant.width, height: variant.height, bytes: variant.data.length });
    }
    const largestWebp = variants.filter((variant) => variant.format === "webp").sort((a, b) => b.width - a.width)[0];
    if (!largestWebp) throw new Error("The image pipeline produced no WebP rendition");
    return {
      primaryKey: largestWebp.key,
      bytes: variants.reduce((total, variant) => total + variant.bytes, 0),
      variants,
      width: image.width,
      height: image.height,
      placeholder: image.placeholder,
    };
  } catch (error) {
    for (const key of written) {
      await storage.delete(key).catch((cleanupError: unknown) => logger.error({ err: cleanupError, key }, "could not remove a partial upload"));
    }
    throw error;
  }
}
