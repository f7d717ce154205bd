import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { describeFormats } from "#app/domain/upload-rules";
import { makeJpeg, makePixelBombPng, makePng, SVG_WITH_SCRIPT } from "../../tests/fixtures/images";
import {
  ImageRejectedError,
  inspectImage,
  MAX_RENDITION_SIDE,
  processImage,
  renditionWidths,
  socialCardImage,
  VARIANT_WIDTHS,
  variantWidths,
} from "./images.server";

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 80, b: 60 } } });
}

/** An animated GIF of `frames` frames, each a different colour, made with sharp (no binary fixture). */
async function makeAnimatedGif(width: number, height: number, frames: number) {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, index) =>
      sharp({ create: { width, height, channels: 3, background: { r: (index * 80) % 256, g: 120, b: 200 } } })
        .raw()
        .toBuffer(),
    ),
  );
  return sharp(Buffer.concat(pages), { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: 100 })
    .toBuffer();
}

/** Every rendition opens as the size it is recorded as, and none is longer than WebP and AVIF can store. */
async function expectFaithfulSizes(variants: { width: number; height: number; data: Buffer }[]) {
  for (const variant of variants) {
    const meta = await sharp(variant.data).metadata();
    expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    expect(Math.max(variant.width, variant.height)).toBeLessThanOrEqual(MAX_RENDITION_SIDE);
  }
}

describe("image pipeline", () => {
  it("strips EXIF and GPS metadata from every variant", async () => {
    const photo = await makeJpeg(1600, 1000, { gps: true });
    const before = await sharp(photo).metadata();
    expect(before.exif, "the fixture must carry EXIF for this test to mean anything").toBeDefined();
    expect(before.exif!.includes(Buffer.from("GPS Phone"))).toBe(true);

    const result = await processImage(photo);
    for (const variant of result.variants) {
      const after = await sharp(variant.data).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(variant.data.includes(Buffer.from("GPS Phone"))).toBe(false);
    }
  });

  it("makes AVIF and WebP variants at fixed widths without upscaling", async () => {
    const result = await processImage(await makeJpeg(2400, 1600));
    expect(result.width).toBe(2400);
    const summary = result.variants.map((variant) => `${variant.format}@${variant.width}x${variant.height}`);
    expect(summary).toEqual([
      "avif@320x213",
      "webp@320x213",
      "avif@640x427",
      "webp@640x427",
      "avif@768x512",
      "webp@768x512",
      "avif@960x640",
      "webp@960x640",
      "avif@1280x853",
      "webp@1280x853",
      "avif@1920x1280",
      "webp@1920x1280",
    ]);
    for (const variant of result.variants) {
      const meta = await sharp(variant.data).metadata();
      // sharp names AVIF "heif" (the container), with AV1 compression.
      expect(meta.format).toBe(variant.format === "avif" ? "heif" : "webp");
      expect(meta.width).toBe(variant.width);
    }

    const small = await processImage(await makePng(500, 300));
    expect(small.variants.map((variant) => variant.width)).toEqual([320, 320, 500, 500]);
  });

  it("applies EXIF orientation before dropping it", async () => {
    const rotated = await processImage(await makeJpeg(800, 400, { orientation: 6 }));
    expect([rotated.width, rotated.height]).toEqual([400, 800]);
    const meta = await sharp(rotated.variants.at(-1)!.data).metadata();
    expect([meta.width, meta.height]).toEqual([400, 800]);
  });

  it("makes a tiny blurred placeholder as a data URL", async () => {
    const { placeholder } = await processImage(await makeJpeg(1200, 800));
    expect(placeholder).toMatch(/^data:image\/webp;base64,/);
    const bytes = Buffer.from(placeholder.split(",")[1]!, "base64");
    expect(bytes.length).toBeLessThan(1000);
    expect((await sharp(bytes).metadata()).width).toBe(16);
  });

  it("refuses a pixel bomb from its header, before decoding", async () => {
    const bomb = makePixelBombPng();
    expect(bomb.length).toBeLessThan(200);
    const started = performance.now();
    const error = await processImage(bomb).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).status).toBe(413);
    expect((error as Error).message).toBe("The image is 50000 × 50000 pixels; the limit is 40 megapixels.");
    // Decoding 2.5 gigapixels would take far longer (and gigabytes of memory).
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("refuses SVG and other non-raster input", async () => {
    await expect(inspectImage(SVG_WITH_SCRIPT)).rejects.toMatchObject({ status: 415 });
    await expect(inspectImage(Buffer.from("not an image at all"))).rejects.toMatchObject({ status: 415 });
  });

  it("takes exactly the image formats of the upload rules, and names them when refusing one", async () => {
    const pixel = sharp({ create: { width: 4, height: 3, channels: 3, background: "#336699" } });
    for (const format of ["jpeg", "png", "gif", "webp", "avif"] as const) {
      await expect(inspectImage(await pixel.clone().toFormat(format).toBuffer()), format).resolves.toMatchObject({ width: 4, height: 3 });
    }
    await expect(inspectImage(await pixel.clone().tiff().toBuffer())).rejects.toMatchObject({
      status: 415,
      message: `The image format is not supported. Use ${describeFormats({ kinds: ["image"] })}.`,
    });
  });

  it("accepts a tall picture, narrowing the renditions that would be taller than WebP and AVIF allow", async () => {
    // Shaped like the 1000 × 18000 photo that was refused as damaged, at a width with fewer renditions to make.
    const result = await processImage(await solid(400, 18000).jpeg().toBuffer());
    expect([result.width, result.height]).toEqual([400, 18000]);
    // 400 px wide would be 18000 px tall: that rendition is narrowed to fit, 364 × 16383 give or take JPEG's rounding.
    expect(result.variants.map((variant) => `${variant.format}@${variant.width}`)).toEqual(["avif@320", "webp@320", "avif@364", "webp@364"]);
    expect(result.variants[1]!.height).toBe(14400);
    expect(result.variants[3]!.height).toBeGreaterThan(16300);
    await expectFaithfulSizes(result.variants);
  });

  it("makes one rendition of a tall picture that reaches the height limit at several widths", () => {
    // 960 and 1000 px wide would both be taller than 16383 px: both are the same narrowed rendition, stored once.
    expect(renditionWidths(1000, 18000)).toEqual([320, 640, 768, 910]);
    expect(renditionWidths(1, 30000)).toEqual([1]);
    expect(renditionWidths(2400, 1600)).toEqual([...VARIANT_WIDTHS]);
  });

  it("accepts a picture one pixel wide and 30000 tall", async () => {
    const result = await processImage(await solid(1, 30000).png().toBuffer());
    expect(result.variants.map((variant) => `${variant.format}@${variant.width}x${variant.height}`)).toEqual(["avif@1x16383", "webp@1x16383"]);
    await expectFaithfulSizes(result.variants);
    const placeholder = await sharp(Buffer.from(result.placeholder.split(",")[1]!, "base64")).metadata();
    expect([placeholder.width, placeholder.height]).toEqual([1, 64]);
  });

  it("accepts a picture millions of pixels wide and one tall", async () => {
    // Past 16 million pixels wide (39,999,999 was reported), the 16 px placeholder was a reduction libvips refuses.
    const result = await processImage(await solid(17_000_000, 1).png().toBuffer());
    expect(result.variants.filter((variant) => variant.format === "webp").map((variant) => `${variant.width}x${variant.height}`)).toEqual([
      "320x1",
      "640x1",
      "768x1",
      "960x1",
      "1280x1",
      "1920x1",
    ]);
    await expectFaithfulSizes(result.variants);
  });

  it("makes a link preview of a thin strip's rendition promptly instead of failing or holding the image thread", async () => {
    for (const [width, height] of [
      [1920, 1],
      [1, MAX_RENDITION_SIDE],
    ] as const) {
      const started = performance.now();
      const card = await socialCardImage(await solid(width, height).webp().toBuffer());
      const meta = await sharp(card).metadata();
      expect([meta.format, meta.width, meta.height], `${width} × ${height}`).toEqual(["jpeg", 1200, 630]);
      // Scaling the whole strip to fill the card took 27 s for 1920 × 1, and asked for 67 GB for 1 × 16383.
      expect(performance.now() - started, `${width} × ${height}`).toBeLessThan(3000);
    }
  });

  it("keeps an animated GIF moving in its WebP renditions, and makes no AVIF that would show it still", async () => {
    const result = await processImage(await makeAnimatedGif(400, 300, 3));
    expect([result.width, result.height]).toEqual([400, 300]);
    expect(result.variants.map((variant) => `${variant.format}@${variant.width}x${variant.height}`)).toEqual(["webp@320x240", "webp@400x300"]);
    for (const variant of result.variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.pages).toBe(3);
      expect([meta.width, meta.pageHeight ?? meta.height]).toEqual([variant.width, variant.height]);
      expect(meta.delay).toEqual([100, 100, 100]);
    }
    const placeholder = await sharp(Buffer.from(result.placeholder.split(",")[1]!, "base64")).metadata();
    expect([placeholder.pages ?? 1, placeholder.width, placeholder.height]).toEqual([1, 16, 12]);
  });

  it("keeps only the first frame of an animation whose frames together pass the pixel limit", async () => {
    // 3 frames of 400 × 300 are 360,000 pixels; one frame, 120,000, is within the limit.
    const result = await processImage(await makeAnimatedGif(400, 300, 3), { maxPixels: 200_000 });
    expect(result.variants.map((variant) => `${variant.format}@${variant.width}x${variant.height}`)).toEqual([
      "avif@320x240",
      "webp@320x240",
      "avif@400x300",
      "webp@400x300",
    ]);
    for (const variant of result.variants) expect((await sharp(variant.data).metadata()).pages ?? 1).toBe(1);
  });

  it("chooses widths below the source plus the source width up to 1920", () => {
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(320)).toEqual([320]);
    expect(variantWidths(640)).toEqual([320, 640]);
    expect(variantWidths(1000)).toEqual([320, 640, 768, 960, 1000]);
    expect(variantWidths(1920)).toEqual([320, 640, 768, 960, 1280, 1920]);
    expect(variantWidths(5000)).toEqual([320, 640, 768, 960, 1280, 1920]);
    expect(variantWidths(800)).toEqual([320, 640, 768, 800]);
  });
});
