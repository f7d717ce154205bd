import type SharpModule from "sharp";
import type { Metadata } from "sharp";
import { describeFormats, formatsFor } from "#app/domain/upload-rules";

/**
 * Turns an uploaded picture into what the site serves: AVIF and WebP variants at fixed widths (never
 * upscaled) and a tiny blurred placeholder. Re-encoding drops every piece of metadata (EXIF, GPS, XMP,
 * ICC comments), so a phone photo never publishes where it was taken.
 */
// 320 serves thumbnails (the admin's 72 px rows, the gallery's strip, the editor's photo cards) without a 640 download.
// 768 and 960 are what phones need for a full-width photo: 768 for the mid-range Android (360 to 412 px wide at a
// device pixel ratio of 1.75 to 2, so 630 to 760 px), 960 up to a ratio of 2.3. Each step saves its phone the next
// one's bytes in the first seconds of its largest paint: on generated 2400 px photos the 768 AVIF is 12.7 kB where
// the 960 is 20.1 kB (decision 0038).
export const VARIANT_WIDTHS = [320, 640, 768, 960, 1280, 1920] as const;
export const DEFAULT_MAX_PIXELS = 40_000_000;

type Sharp = typeof SharpModule;
let sharpLoaded: Promise<Sharp> | undefined;

/** libvips is loaded with the first image, not at start-up: most processes never process one, and it weighs 12 MB. */
function loadSharp(): Promise<Sharp> {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    // Keep sharp's memory and threads modest: this shares a small machine with the web server.
    sharp.cache({ memory: 64, items: 20 });
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

export type ImageVariant = {
  format: "avif" | "webp";
  contentType: "image/avif" | "image/webp";
  width: number;
  height: number;
  data: Buffer;
};

export type ProcessedImage = {
  /** Size of the picture after orientation is applied. */
  width: number;
  height: number;
  /** What sharp found in the file: jpeg, png, gif, webp or heif (sharp's name for AVIF). */
  sourceFormat: string;
  variants: ImageVariant[];
  /** data:image/webp;base64,… about 16 px wide and blurred, shown while the real image loads. */
  placeholder: string;
};

export class ImageRejectedError extends Error {
  constructor(
    message: string,
    readonly status: 413 | 415 | 422,
  ) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

/** The image formats of the upload rules (domain/upload-rules.ts), by sharp's names: it reports AVIF as `heif`. */
const IMAGE_RULES = { kinds: ["image"] } as const;
const ACCEPTED_FORMATS = new Set(
  formatsFor(IMAGE_RULES).map((format) => (format.mime === "image/avif" ? "heif" : format.mime.replace("image/", ""))),
);
const USE_INSTEAD = `Use ${describeFormats(IMAGE_RULES)}.`;

/** The widths to produce for a picture this wide: the fixed steps below it, plus its own width up to the largest step. */
export function variantWidths(sourceWidth: number): number[] {
  const largest: number = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!;
  const widths: number[] = VARIANT_WIDTHS.filter((width) => width < sourceWidth);
  widths.push(Math.min(sourceWidth, largest));
  return [...new Set(widths)];
}

/**
 * Reads only the header, so a "pixel bomb" (a small file that decodes into gigabytes) is refused
 * before any pixel is decoded.
 */
export async function inspectImage(input: Buffer, maxPixels = DEFAULT_MAX_PIXELS) {
  let metadata: Metadata;
  const sharp = await loadSharp();
  try {
    // metadata() reads the header only; the pixel limit is checked by hand below with a clear message.
    metadata = await sharp(input, { limitInputPixels: false, failOn: "error" }).metadata();
  } catch {
    throw new ImageRejectedError("The file could not be read as an image.", 415);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new ImageRejectedError(`The image format is not supported. ${USE_INSTEAD}`, 415);
  }
  if (metadata.format === "heif" && metadata.compression !== "av1") {
    // HEIC photos share the container with AVIF but are not something browsers can show.
    throw new ImageRejectedError(`HEIC images are not supported. ${USE_INSTEAD}`, 415);
  }
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (width < 1 || height < 1) throw new ImageRejectedError("The image has no size.", 422);
  if (width * height > maxPixels) {
    const megapixels = Math.round(maxPixels / 1_000_000);
    throw new ImageRejectedError(`The image is ${width} × ${height} pixels; the limit is ${megapixels} megapixels.`, 413);
  }
  return { format: metadata.format, width, height, orientation: metadata.orientation };
}

export async function processImage(input: Buffer, options: { maxPixels?: number } = {}): Promise<ProcessedImage> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const info = await inspectImage(input, maxPixels);

  // One decode, oriented upright (EXIF orientation 5-8 swaps width and height), reused for every output.
  const sharp = await loadSharp();
  const base = sharp(input, { limitInputPixels: maxPixels, failOn: "error" }).rotate();
  const swapped = (info.orientation ?? 1) >= 5;
  const width = swapped ? info.height : info.width;
  const height = swapped ? info.width : info.height;

  try {
    const variants: ImageVariant[] = [];
    for (const targetWidth of variantWidths(width)) {
      const targetHeight = Math.max(1, Math.round((height * targetWidth) / width));
      const resized = base.clone().resize({ width: targetWidth, withoutEnlargement: true });
      const [avif, webp] = await Promise.all([
        resized.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
        resized.clone().webp({ quality: 80 }).toBuffer(),
      ]);
      variants.push({ format: "avif", contentType: "image/avif", width: targetWidth, height: targetHeight, data: avif });
      variants.push({ format: "webp", contentType: "image/webp", width: targetWidth, height: targetHeight, data: webp });
    }
    const tiny = await base.clone().resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer();
    return {
      width,
      height,
      sourceFormat: info.format,
      variants,
      placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
    };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError("The image is damaged and could not be decoded.", 422);
  }
}

/** The size link previews (Open Graph, Twitter's large card) show: 1.91:1. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/**
 * A listing's cover as a 1200×630 JPEG for link previews: cropped to fill (sharp's "attention" keeps the
 * busiest part of the picture), never stretched. JPEG because every preview service reads it.
 */
export async function socialCardImage(input: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input, { limitInputPixels: maxPixels, failOn: "error" })
    .rotate()
    .resize({ ...SOCIAL_CARD, fit: "cover", position: sharp.strategy.attention })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
