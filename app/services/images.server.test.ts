import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { describeFormats } from "#app/domain/upload-rules";
import { makeJpeg, makePixelBombPng, makePng, SVG_WITH_SCRIPT } from "../../tests/fixtures/images";
import { ImageRejectedError, inspectImage, processImage, variantWidths } from "./images.server";

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
