import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { ListingPhoto } from "#app/domain/listing-photos";
import { ensureSocialImage, socialImageKey } from "./social-image.server";
import { createLocalStorage } from "./storage/local-storage.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ws-social-image-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function bytesOf(storage: ReturnType<typeof createLocalStorage>, key: string): Promise<Buffer> {
  const object = await storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe("a listing cover's 1200×630 preview", () => {
  const storage = createLocalStorage(root);

  it("is made on first request from the largest stored variant, cropped to fill, and kept", async () => {
    // A tall 1280×1920 photo (portrait): the preview must fill 1200×630 without stretching.
    const webp = await sharp({ create: { width: 1280, height: 1920, channels: 3, background: "#0d3326" } })
      .webp()
      .toBuffer();
    const small = await sharp({ create: { width: 640, height: 960, channels: 3, background: "#ffffff" } })
      .webp()
      .toBuffer();
    await storage.put("listings/l1/p1-1280.webp", webp, { contentType: "image/webp" });
    await storage.put("listings/l1/p1-640.webp", small, { contentType: "image/webp" });
    const photo: ListingPhoto = {
      id: "p1",
      src: "/media/listings/l1/p1-1280.webp",
      alt: "",
      variants: [
        { key: "listings/l1/p1-640.webp", format: "webp", width: 640, height: 960, bytes: small.length },
        { key: "listings/l1/p1-1280.webp", format: "webp", width: 1280, height: 1920, bytes: webp.length },
      ],
    };
    const key = await ensureSocialImage(storage, photo);
    expect(key).toBe(socialImageKey(photo));
    const preview = await bytesOf(storage, key!);
    const meta = await sharp(preview).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "jpeg", width: 1200, height: 630 });
    // From the large dark variant, not the small white one.
    const { dominant } = await sharp(preview).stats();
    expect(dominant.r).toBeLessThan(60);

    const before = (await storage.head(key!))?.lastModified;
    expect(await ensureSocialImage(storage, photo)).toBe(key);
    expect((await storage.head(key!))?.lastModified).toEqual(before);
  });

  it("a remote picture not imported yet has none", async () => {
    expect(await ensureSocialImage(storage, { id: "remote", src: "https://image931.wordpress.com/a.jpg", alt: "" })).toBeNull();
  });
});
