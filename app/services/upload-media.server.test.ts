import { TEST_ACTOR } from "../../tests/setup/test-actor";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { listMedia, storageSummary } from "#app/models/media.server";
import { makeJpeg, makePixelBombPng, SCRIPT_RENAMED_JPG, SVG_WITH_SCRIPT } from "../../tests/fixtures/images";
import { streamingUploadRequest, tinyMp4, uploadRequest } from "../../tests/fixtures/uploads";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { createLocalStorage } from "./storage/local-storage.server";
import { MEDIA_UPLOAD } from "#app/domain/upload-rules";
import { handleMediaUpload } from "./upload-media.server";

const URL_ = "http://localhost/edit/api/media";

for (const kind of TEST_DATABASE_KINDS) {
  describe(`media uploads (${kind})`, () => {
    let handle: DatabaseHandle;
    let root: string;
    let storageRoot: string;
    const deps = () => ({ db: handle.db, storage: createLocalStorage(storageRoot), maxPixels: 40_000_000, actor: TEST_ACTOR });

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      root = fs.mkdtempSync(path.join(os.tmpdir(), "ws-upload-"));
      storageRoot = path.join(root, "data", "storage");
    });
    afterAll(async () => {
      await handle.close();
      fs.rmSync(root, { recursive: true, force: true });
    });

    it("stores a photo as AVIF/WebP variants under a generated name and lists it", async () => {
      const answer = await handleMediaUpload(
        uploadRequest(
          URL_,
          { data: await makeJpeg(2000, 1000, { gps: true }), name: "Villa Façade.JPG", type: "image/jpeg" },
          { fields: { folder: "Villas" } },
        ),
        deps(),
      );
      expect(answer.status).toBe(201);
      const item = "item" in answer.body ? answer.body.item : undefined;
      expect(item).toMatchObject({ name: "Villa Façade.JPG", type: "image", folder: "Villas", width: 2000, height: 1000 });
      expect(item!.url).toMatch(/^\/media\/media\/[0-9a-f-]{36}\/1920\.webp$/);
      expect(item!.thumbnail).toEqual({ avif: expect.stringMatching(/320\.avif$/), webp: expect.stringMatching(/320\.webp$/) });

      const rows = await listMedia(handle.db);
      expect(rows.map((row) => row.name)).toContain("Villa Façade.JPG");
      // The summary counts exactly the bytes that are in storage.
      const usage = await createLocalStorage(storageRoot).usage("media/");
      expect(await storageSummary(handle.db)).toEqual({ usedBytes: usage.bytes, files: 1 });
      // AVIF and WebP at 320, 640, 768, 960, 1280 and 1920 px.
      expect(usage.objects).toBe(12);
    });

    it("keeps a path in the file name away from the file system", async () => {
      const answer = await handleMediaUpload(
        uploadRequest(URL_, { data: await makeJpeg(300, 200), name: "../../../../etc/cron.d/evil.jpg", type: "image/jpeg" }),
        deps(),
      );
      expect(answer.status).toBe(201);
      const item = "item" in answer.body ? answer.body.item : undefined;
      expect(item!.name).toBe("evil.jpg");
      expect(item!.url).not.toContain("evil");
      // Nothing was written outside the storage folder.
      expect(fs.existsSync(path.join(root, "etc"))).toBe(false);
      expect(fs.readdirSync(path.join(storageRoot, "objects"))).toEqual(["media"]);

      const windows = await handleMediaUpload(uploadRequest(URL_, { data: await makeJpeg(300, 200), name: "C:\\Users\\x\\..\\photo.jpg" }), deps());
      expect("item" in windows.body && windows.body.item.name).toBe("photo.jpg");
    });

    it("refuses a script renamed .jpg with 415", async () => {
      const answer = await handleMediaUpload(uploadRequest(URL_, { data: SCRIPT_RENAMED_JPG, name: "holiday.jpg", type: "image/jpeg" }), deps());
      expect(answer).toEqual({
        status: 415,
        body: { error: "This file type is not accepted. Upload JPEG, PNG, GIF, WebP or AVIF images; MP4, WebM or Ogg video; MP3, WAV or Ogg audio." },
      });
    });

    it("refuses an SVG carrying script with 415, whatever it is called", async () => {
      for (const name of ["logo.svg", "logo.png"]) {
        const answer = await handleMediaUpload(uploadRequest(URL_, { data: SVG_WITH_SCRIPT, name, type: "image/svg+xml" }), deps());
        expect(answer.status).toBe(415);
      }
    });

    it("refuses a pixel bomb before decoding it", async () => {
      const started = performance.now();
      const answer = await handleMediaUpload(uploadRequest(URL_, { data: makePixelBombPng(), name: "bomb.png", type: "image/png" }), deps());
      expect(answer).toEqual({ status: 413, body: { error: "The image is 50000 × 50000 pixels; the limit is 40 megapixels." } });
      expect(performance.now() - started).toBeLessThan(1000);
    });

    it("answers 413 while streaming once the body passes 50 MB, without reading the rest first", async () => {
      const total = 120 * 1024 * 1024;
      const { request, counter } = streamingUploadRequest(URL_, total);
      const answer = await handleMediaUpload(request, deps());
      const pulledAtAnswer = counter.pulled;
      expect(answer).toEqual({ status: 413, body: { error: "The file is too large. The maximum is 50 MB." } });
      expect(pulledAtAnswer).toBeGreaterThan(MEDIA_UPLOAD.maxBytes);
      expect(pulledAtAnswer).toBeLessThan(MEDIA_UPLOAD.maxBytes + 2 * 1024 * 1024);
      expect(counter.finished).toBe(false);
    });

    it("accepts a file of exactly 50 MB, as the drop zone does, and refuses one byte more", async () => {
      const exact = Buffer.concat([tinyMp4(), Buffer.alloc(MEDIA_UPLOAD.maxBytes - tinyMp4().length)]);
      expect(exact.length).toBe(MEDIA_UPLOAD.maxBytes);
      const accepted = await handleMediaUpload(uploadRequest(URL_, { data: exact, name: "exact.mp4", type: "video/mp4" }), deps());
      expect(accepted.status).toBe(201);
      const over = Buffer.concat([exact, Buffer.alloc(1)]);
      const refused = await handleMediaUpload(uploadRequest(URL_, { data: over, name: "over.mp4", type: "video/mp4" }), deps());
      expect(refused).toEqual({ status: 413, body: { error: "The file is too large. The maximum is 50 MB." } });
    });

    it("answers 413 straight away when the declared length is over the limit", async () => {
      const { request, counter } = streamingUploadRequest(URL_, 80 * 1024 * 1024, { headers: { "content-length": String(80 * 1024 * 1024) } });
      const answer = await handleMediaUpload(request, deps());
      expect(answer.status).toBe(413);
      expect(counter.pulled).toBeLessThan(1024 * 1024);
    });

    it("stores video as received, typed from its bytes", async () => {
      const answer = await handleMediaUpload(uploadRequest(URL_, { data: tinyMp4(), name: "tour.mov", type: "video/quicktime" }), deps());
      expect(answer.status).toBe(201);
      expect("item" in answer.body && answer.body.item).toMatchObject({ type: "video", mimeType: "video/mp4", name: "tour.mov", thumbnail: null });
      expect("item" in answer.body && answer.body.item.url).toMatch(/\/original\.mp4$/);
    });

    it("answers 400 for a request without a file", async () => {
      const form = new FormData();
      form.append("folder", "x");
      const answer = await handleMediaUpload(new Request(URL_, { method: "POST", body: form }), deps());
      expect(answer).toEqual({ status: 400, body: { error: "No file was sent." } });
      const json = await handleMediaUpload(
        new Request(URL_, { method: "POST", body: "{}", headers: { "content-type": "application/json" } }),
        deps(),
      );
      expect(json.status).toBe(400);
    });
  });
}
