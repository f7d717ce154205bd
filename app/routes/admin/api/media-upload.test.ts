import fs from "node:fs";
import path from "node:path";
import type { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { TEST_ACTOR } from "../../../../tests/setup/test-actor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { createContentBlock, readContentBlock } from "#app/models/content-blocks.server";
import { listMedia } from "#app/models/media.server";
import type { AppServices } from "#app/services/app-services.server";
import { createStaffUser } from "#app/services/auth-admin.server";
import { signInStaff } from "#app/services/auth-sign-in.server";
import { loader as mediaFile } from "#app/routes/resources/media-file";
import { makeJpeg } from "../../../../tests/fixtures/images";
import { tinyMp4, uploadRequest } from "../../../../tests/fixtures/uploads";
import { cookieFrom } from "../../../../tests/setup/staff-sessions";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../../tests/setup/test-db";
import { contextFor, createTestServices, testEnv } from "../../../../tests/setup/test-services";
import { action as contentImage, loader as contentImageAddress } from "./content-image";
import { action as listingPhotos, loader as listingPhotosAddress } from "./listing-photos";
import { action as mediaUpload, loader as mediaUploadAddress } from "./media-upload";

const SITE = "http://localhost:3000";

/** Calls a route module the way React Router does; thrown responses (the guard's 401/403) are answers too. */
async function call(handler: (args: never) => Promise<Response>, args: object): Promise<Response> {
  try {
    return await handler(args as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`upload endpoints (${kind})`, () => {
    let handle: DatabaseHandle;
    let dataDir: string;
    let context: RouterContextProvider;
    let services: AppServices;
    let stop: () => Promise<void>;
    let cookie = "";

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      const env = testEnv({ SITE_URL: SITE });
      dataDir = env.dataDir;
      ({ services, stop } = await createTestServices(handle, { env }));
      context = contextFor(services);
      await createStaffUser(services, { email: "media-admin@example.test", password: "a long enough password", name: "Media Admin", role: "editor" });
      const signedIn = await signInStaff(services, {
        email: "media-admin@example.test",
        password: "a long enough password",
        clientAddress: "127.0.0.1",
        requestHeaders: new Headers({ origin: SITE }),
      });
      if (!signedIn.ok) throw new Error(signedIn.message);
      cookie = cookieFrom(signedIn.headers);
      await createContentBlock(services, { key: "hero-photo", type: "image", category: "home" }, TEST_ACTOR);
    });
    afterAll(async () => {
      await stop();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const photo = () => makeJpeg(1000, 600);
    const post = async (url: string, headers: Record<string, string>) =>
      uploadRequest(url, { data: await photo(), name: "photo.jpg", type: "image/jpeg" }, { headers });

    it("answers 401 to an upload without a session and stores nothing", async () => {
      const media = await call(mediaUpload, { request: await post(`${SITE}/edit/api/media`, { origin: SITE }), context, params: {} });
      expect(media.status).toBe(401);
      expect(await media.json()).toEqual({ error: "Sign in as a member of staff to continue." });
      const image = await call(contentImage, {
        request: await post(`${SITE}/edit/api/content/hero-photo/image`, { origin: SITE }),
        context,
        params: { key: "hero-photo" },
      });
      expect(image.status).toBe(401);
      expect(await listMedia(handle.db)).toEqual([]);
      expect(fs.existsSync(path.join(dataDir, "storage"))).toBe(false);
      expect((await readContentBlock(services, "hero-photo"))?.content).toBe("");
    });

    it("answers a signed-in GET, or any method but POST, at an upload address with 405 naming POST", async () => {
      const addresses = [
        { path: "/edit/api/media", loader: mediaUploadAddress, action: mediaUpload, params: {} },
        { path: "/edit/api/content/hero-photo/image", loader: contentImageAddress, action: contentImage, params: { key: "hero-photo" } },
        { path: "/edit/api/listings/1/photos", loader: listingPhotosAddress, action: listingPhotos, params: { id: "1" } },
      ];
      for (const address of addresses) {
        const url = `${SITE}${address.path}`;
        const get = await call(address.loader, {
          request: new Request(url, { headers: { cookie, accept: "application/json" } }),
          context,
          params: address.params,
        });
        const put = await call(address.action, {
          request: new Request(url, { method: "PUT", headers: { cookie, origin: SITE } }),
          context,
          params: address.params,
        });
        for (const answer of [get, put]) {
          expect([answer.status, answer.headers.get("allow")]).toEqual([405, "POST"]);
          expect(await answer.json()).toEqual({ error: "Use POST to upload." });
        }
      }
    });

    it("answers 403 to an upload sent from a foreign origin, even with a session", async () => {
      const foreign = { origin: "https://evil.example", cookie };
      const media = await call(mediaUpload, { request: await post(`${SITE}/edit/api/media`, foreign), context, params: {} });
      expect(media.status).toBe(403);
      const image = await call(contentImage, {
        request: await post(`${SITE}/edit/api/content/hero-photo/image`, foreign),
        context,
        params: { key: "hero-photo" },
      });
      expect(image.status).toBe(403);
      expect(await listMedia(handle.db)).toEqual([]);
    });

    it("stores an admin's upload and serves it with its type, nosniff, long caching and ranges", async () => {
      const answer = await call(mediaUpload, { request: await post(`${SITE}/edit/api/media`, { origin: SITE, cookie }), context, params: {} });
      expect(answer.status).toBe(201);
      const { item } = (await answer.json()) as { item: { url: string; name: string } };
      expect(item.name).toBe("photo.jpg");

      const key = item.url.replace(/^\/media\//, "");
      const file = await call(mediaFile, { request: new Request(`${SITE}${item.url}`), context, params: { "*": key } });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await file.arrayBuffer());
      expect((await sharp(bytes).metadata()).format).toBe("webp");
      expect(Number(file.headers.get("content-length"))).toBe(bytes.length);

      const partial = await call(mediaFile, {
        request: new Request(`${SITE}${item.url}`, { headers: { range: "bytes=0-9" } }),
        context,
        params: { "*": key },
      });
      expect(partial.status).toBe(206);
      expect(partial.headers.get("content-range")).toBe(`bytes 0-9/${bytes.length}`);
      expect(Buffer.from(await partial.arrayBuffer())).toEqual(bytes.subarray(0, 10));

      for (const bad of ["media/../../etc/passwd", "auth/secret.json", "media/nothing-here.webp"]) {
        const missing = await call(mediaFile, { request: new Request(`${SITE}/media/${bad}`), context, params: { "*": bad } });
        expect(missing.status).toBe(404);
      }
    });

    it("replaces an image block's content with the uploaded picture", async () => {
      const answer = await call(contentImage, {
        request: uploadRequest(
          `${SITE}/edit/api/content/hero-photo/image`,
          { data: await photo(), name: "edited-image.jpg", type: "image/jpeg" },
          { headers: { origin: SITE, cookie } },
        ),
        context,
        params: { key: "hero-photo" },
      });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { url: string; width: number };
      expect(body.url).toMatch(/^\/media\/content\/hero-photo-\d+-[0-9a-f]{8}\/1000\.webp$/);
      expect(body.width).toBe(1000);
      const block = await readContentBlock(services, "hero-photo");
      expect(block?.content).toBe(body.url);
      expect(block?.metadata).toMatchObject({ originalName: "edited-image.jpg", type: "image/jpeg", width: 1000, height: 600 });

      const missing = await call(contentImage, {
        request: uploadRequest(
          `${SITE}/edit/api/content/no-such-block/image`,
          { data: await photo(), name: "x.jpg" },
          { headers: { origin: SITE, cookie } },
        ),
        context,
        params: { key: "no-such-block" },
      });
      expect(missing.status).toBe(404);
    });

    it("limits content images to 10 MB and to images", async () => {
      const big = Buffer.concat([await photo(), Buffer.alloc(11 * 1024 * 1024)]);
      const tooBig = await call(contentImage, {
        request: uploadRequest(`${SITE}/edit/api/content/hero-photo/image`, { data: big, name: "big.jpg" }, { headers: { origin: SITE, cookie } }),
        context,
        params: { key: "hero-photo" },
      });
      expect(tooBig.status).toBe(413);
      expect(await tooBig.json()).toEqual({ error: "The file is too large. The maximum is 10 MB." });
      const video = await call(contentImage, {
        request: uploadRequest(
          `${SITE}/edit/api/content/hero-photo/image`,
          { data: tinyMp4(), name: "clip.jpg" },
          { headers: { origin: SITE, cookie } },
        ),
        context,
        params: { key: "hero-photo" },
      });
      expect(video.status).toBe(415);
      expect(await video.json()).toEqual({ error: "This file type is not accepted. Upload JPEG, PNG, GIF, WebP or AVIF images." });
    });
  });
}
