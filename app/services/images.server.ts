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
/** The longest side WebP can store (AVIF one pixel more): every rendition is scaled to fit inside it. */
export const MAX_RENDITION_SIDE = 16_383;
/** The blurred placeholder fits this box: 16 px wide for ordinary pictures, and never a long strip inlined in every page. */
const PLACEHOLDER_BOX = { width: 16, height: 64 } as const;

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
  /** data:image/webp;base64,… at most 16 × 64 px and blurred, shown while the real image loads. */
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
 * The widths of the renditions to make: those of variantWidths, except that one that would be taller than the formats
 * can store is narrowed until it fits (as sharp's "inside" fit does), so a very tall picture reaches that height at
 * several widths and makes the one rendition.
 */
export function renditionWidths(width: number, height: number): number[] {
  const narrowest = Math.max(1, Math.round((width * MAX_RENDITION_SIDE) / height));
  return [...new Set(variantWidths(width).map((target) => Math.min(target, narrowest)))];
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
  return { format: metadata.format, width, height, orientation: metadata.orientation, pages: metadata.pages ?? 1 };
}

/**
 * Whether to keep an animated GIF or WebP moving (the uploader sends GIFs untouched for this): only when all its
 * frames together stay within the pixel limit, since every frame is decoded. Larger ones keep their first frame.
 */
function keepsAnimation(info: { width: number; height: number; pages: number }, maxPixels: number): boolean {
  return info.pages > 1 && info.width * info.height * info.pages <= maxPixels;
}

export async function processImage(input: Buffer, options: { maxPixels?: number } = {}): Promise<ProcessedImage> {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const info = await inspectImage(input, maxPixels);
  const animated = keepsAnimation(info, maxPixels);

  // One decode, oriented upright (EXIF orientation 5-8 swaps width and height), reused for every output.
  const sharp = await loadSharp();
  const base = sharp(input, { limitInputPixels: maxPixels, failOn: "error", animated }).rotate();
  const swapped = (info.orientation ?? 1) >= 5;
  const width = swapped ? info.height : info.width;
  const height = swapped ? info.width : info.height;

  try {
    const variants: ImageVariant[] = [];
    for (const renditionWidth of renditionWidths(width, height)) {
      // Both bounds, so a tall picture is narrowed until its height fits the formats (sharp applies them per frame).
      const resized = base.clone().resize({ width: renditionWidth, height: MAX_RENDITION_SIDE, fit: "inside", withoutEnlargement: true });
      const [avif, webp] = await Promise.all([
        // AVIF here cannot animate (sharp stacks the frames into one tall picture); browsers that prefer AVIF
        // would show that, so an animation is served as WebP alone.
        animated ? undefined : resized.clone().avif({ quality: 50, effort: 2 }).toBuffer(),
        resized.clone().webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
      ]);
      // The size sharp made (its shrink-on-load can round a pixel or two away from the arithmetic), per frame.
      const size = { width: webp.info.width, height: webp.info.pageHeight ?? webp.info.height };
      if (variants.some((variant) => variant.width === size.width)) continue; // renditions are stored by width
      if (avif) variants.push({ format: "avif", contentType: "image/avif", ...size, data: avif });
      variants.push({ format: "webp", contentType: "image/webp", ...size, data: webp.data });
    }
    return { width, height, sourceFormat: info.format, variants, placeholder: await placeholderFrom(variants, sharp) };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError("The image is damaged and could not be decoded.", 422);
  }
}

/**
 * Made from the smallest WebP rendition (its first frame when animated) rather than the original: a few hundred
 * pixels to read instead of millions, and no reduction past what libvips can do for a very wide picture.
 */
async function placeholderFrom(variants: ImageVariant[], sharp: Sharp): Promise<string> {
  const smallest = variants.find((variant) => variant.format === "webp")!;
  const tiny = await sharp(smallest.data)
    .resize({ ...PLACEHOLDER_BOX, fit: "inside" })
    .blur(1)
    .webp({ quality: 40 })
    .toBuffer();
  return `data:image/webp;base64,${tiny.toString("base64")}`;
}

/** The size link previews (Open Graph, Twitter's large card) show: 1.91:1. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/**
 * A listing's cover as a 1200×630 JPEG for link previews: cropped to fill (sharp's "attention" keeps the
 * busiest part of the picture), never stretched. JPEG because every preview service reads it.
 */
export async function socialCardImage(input: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: maxPixels, failOn: "error" }).rotate();
  const { autoOrient } = await image.metadata();
  const region = thinStripRegion(autoOrient.width, autoOrient.height);
  if (region) image.extract(region);
  return image
    .resize({ ...SOCIAL_CARD, fit: "cover", position: sharp.strategy.attention })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/**
 * For a picture far thinner than the card (a 1920 × 1 rendition, a 1 × 16383 one), its centre in the card's shape:
 * filling the card by scaling the whole strip first made a picture of hundreds of millions of pixels (27 s for
 * 1920 × 1) or one libvips would not allocate (67 GB for 1 × 16383). Undefined for ordinary pictures, which keep
 * the attention crop.
 */
function thinStripRegion(width: number, height: number) {
  const scale = Math.max(SOCIAL_CARD.width / width, SOCIAL_CARD.height / height);
  if (width * height * scale * scale <= 4 * SOCIAL_CARD.width * SOCIAL_CARD.height) return undefined;
  const cardRatio = SOCIAL_CARD.width / SOCIAL_CARD.height;
  const regionWidth = Math.min(width, Math.max(1, Math.round(height * cardRatio)));
  const regionHeight = Math.min(height, Math.max(1, Math.round(width / cardRatio)));
  return {
    left: Math.floor((width - regionWidth) / 2),
    top: Math.floor((height - regionHeight) / 2),
    width: regionWidth,
    height: regionHeight,
  };
}
