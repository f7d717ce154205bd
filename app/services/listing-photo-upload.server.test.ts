import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { auditEvents, listings } from "#app/db/schema";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { listingFormSchema } from "#app/domain/listing-editor";
import { createListing } from "#app/models/listings-editor.server";
import { describeListingPhoto, makeCoverPhoto, reorderListingPhotos } from "#app/models/listings-photos.server";
import { findPublicListing, toDetailData } from "#app/models/listings.server";
import { makeJpeg, makeNoisyJpeg, makePixelBombPng, makePng, SVG_WITH_SCRIPT } from "../../tests/fixtures/images";
import { uploadRequest } from "../../tests/fixtures/uploads";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { deleteListingPhoto, handleListingPhotoUpload } from "./listing-photo-upload.server";
import { createLocalStorage } from "./storage/local-storage.server";
import { createS3Storage } from "./storage/s3-storage.server";
import type { Storage } from "./storage/storage.server";

const actor = { id: "staff-9", name: "Photo Editor", email: "photos@example.test" };
const dirs: string[] = [];
const tempDir = (label: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ws-photos-${label}-`));
  dirs.push(dir);
  return dir;
};

let s3server: S3rver;
let s3Endpoint = "";
beforeAll(async () => {
  s3server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: tempDir("s3rver"),
    configureBuckets: [{ name: "content-images", configs: [] }],
  });
  s3Endpoint = `http://127.0.0.1:${(await s3server.run()).port}`;
});
afterAll(async () => {
  await s3server?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ["local disk", () => createLocalStorage(tempDir("local"))],
  [
    "S3 (local s3rver)",
    () =>
      createS3Storage({
        bucket: "content-images",
        region: "us-east-1",
        endpoint: s3Endpoint,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      }),
  ],
];

for (const kind of TEST_DATABASE_KINDS) {
  for (const [driver, makeStorage] of drivers) {
    describe(`listing photos (${kind}, ${driver})`, () => {
      let handle: DatabaseHandle;
      let storage: Storage;
      let listingId = "";
      const deps = () => ({ db: handle.db, storage, maxPixels: 40_000_000, actor });
      const upload = (data: Uint8Array, name: string, type = "image/jpeg", fields?: Record<string, string>) =>
        handleListingPhotoUpload(
          uploadRequest(`http://shop.test/edit/api/listings/${listingId}/photos`, { data, name, type }, { fields }),
          listingId,
          deps(),
        );

      beforeAll(async () => {
        handle = await openTestDatabase(kind);
        await seedCatalogue(handle.db);
        storage = makeStorage();
        const created = await createListing(
          handle.db,
          actor,
          listingFormSchema.parse({
            title: "Photo Villa",
            category: "real-estate",
            location: "Ibiza, Spain",
            priceMode: "request",
            status: "published",
            visible: true,
          }),
        );
        listingId = created.id;
      });
      afterAll(async () => handle?.close());

      it("stores several uploads through the media pipeline: AVIF and WebP widths, placeholder, no metadata", async () => {
        const first = await upload(await makeJpeg(2400, 1600, { gps: true }), "front.jpg", "image/jpeg", { alt: "The façade at dusk" });
        const second = await upload(await makePng(900, 600), "terrace.png", "image/png");
        expect(first.status).toBe(201);
        expect(second.status).toBe(201);
        const photo = "photo" in first.body ? first.body.photo : undefined;
        expect(photo).toMatchObject({
          alt: "The façade at dusk",
          width: 2400,
          height: 1600,
          src: expect.stringMatching(new RegExp(`^/media/listings/${listingId}/[0-9a-f-]{36}/1920\\.webp$`)),
        });
        expect(photo!.placeholder).toMatch(/^data:image\/webp;base64,/);
        expect(photo!.variants!.map((variant) => `${variant.width}.${variant.format}`).sort()).toEqual(
          [
            "320.avif",
            "320.webp",
            "640.avif",
            "640.webp",
            "768.avif",
            "768.webp",
            "960.avif",
            "960.webp",
            "1280.avif",
            "1280.webp",
            "1920.avif",
            "1920.webp",
          ].sort(),
        );
        // Every rendition is really in storage, re-encoded without the GPS position.
        for (const variant of photo!.variants!) {
          const object = await storage.get(variant.key);
          const bytes = await buffer(object!.body);
          expect(bytes.includes("GPS Phone")).toBe(false);
          expect((await sharp(bytes).metadata()).exif).toBeUndefined();
        }
        // The public page draws them from our own renditions.
        const found = await findPublicListing(handle.db, "real-estate", "photo-villa");
        const detail = found.kind === "found" ? toDetailData(found.listing) : undefined;
        expect(detail?.photos).toHaveLength(2);
        expect(detail!.photos[0]!.avifSrcSet).toMatch(
          /320\.avif 320w, .*640\.avif 640w, .*768\.avif 768w, .*960\.avif 960w, .*1280\.avif 1280w, .*1920\.avif 1920w$/,
        );
        expect(detail!.photos[1]!.webpSrcSet).toContain("640.webp 640w");
        const events = await handle.db.select().from(auditEvents).where(eq(auditEvents.subjectId, listingId));
        expect(events.filter((event) => event.action === "photo added")).toHaveLength(2);
      });

      it("reorders, describes, makes a cover and deletes (files included)", async () => {
        const [row] = await handle.db.select().from(listings).where(eq(listings.id, listingId));
        const [front, terrace] = row!.photos;
        await reorderListingPhotos(handle.db, actor, listingId, [terrace!.id, front!.id]);
        await describeListingPhoto(handle.db, actor, listingId, terrace!.id, "The terrace");
        let [after] = await handle.db.select().from(listings).where(eq(listings.id, listingId));
        expect(after!.photos.map((photo) => photo.alt)).toEqual(["The terrace", "The façade at dusk"]);
        await makeCoverPhoto(handle.db, actor, listingId, front!.id);
        [after] = await handle.db.select().from(listings).where(eq(listings.id, listingId));
        expect(after!.photos[0]!.id).toBe(front!.id);

        await deleteListingPhoto({ db: handle.db, storage, actor }, listingId, terrace!.id);
        [after] = await handle.db.select().from(listings).where(eq(listings.id, listingId));
        expect(after!.photos.map((photo) => photo.id)).toEqual([front!.id]);
        for (const variant of terrace!.variants!) expect(await storage.exists(variant.key)).toBe(false);
        for (const variant of front!.variants!) expect(await storage.exists(variant.key)).toBe(true);
      });

      it("refuses what is not a picture, what is too large or too many pixels, and unknown listings, keeping nothing", async () => {
        const refusals = [
          [await upload(SVG_WITH_SCRIPT, "logo.svg", "image/svg+xml"), 415],
          [await upload(Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj"), "brochure.jpg"), 415],
          [await upload(makePixelBombPng(), "bomb.png", "image/png"), 413],
        ] as const;
        for (const [answer, status] of refusals) expect(answer.status).toBe(status);
        const tooLarge = await handleListingPhotoUpload(
          uploadRequest(`http://shop.test/x`, { data: await makeNoisyJpeg(1200, 800), name: "big.jpg", type: "image/jpeg" }),
          listingId,
          { ...deps(), maxBytes: 10 * 1024 },
        );
        expect(tooLarge.status).toBe(413);
        const unknown = await handleListingPhotoUpload(
          uploadRequest(`http://shop.test/x`, { data: await makeJpeg(300, 200), name: "x.jpg" }),
          "no-such-listing",
          deps(),
        );
        expect(unknown).toEqual({ status: 404, body: { error: "That listing does not exist." } });
        // Alt text is one line of plain text: a NUL (which the photos' JSON column cannot hold) or a newline is refused.
        for (const alt of ["The hall\u0000at night", "Two\nlines", "x".repeat(201)]) {
          const answer = await upload(await makeJpeg(300, 200), "hall.jpg", "image/jpeg", { alt });
          expect(answer.status).toBe(400);
          expect("error" in answer.body && answer.body.error).toMatch(/alt text/i);
        }
        const [row] = await handle.db.select().from(listings).where(eq(listings.id, listingId));
        expect(row!.photos).toHaveLength(1);
      });
    });
  }
}
