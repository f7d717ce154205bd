import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "./local-storage.server";
import { createS3Storage } from "./s3-storage.server";
import {
  DEFAULT_CACHE_CONTROL,
  InvalidKeyError,
  isValidStorageKey,
  ObjectExistsError,
  parseRange,
  rangeStillApplies,
  type Storage,
} from "./storage.server";

const BUCKET = "content-images";
const tempDirs: string[] = [];
function tempDir(label: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ws-storage-${label}-`));
  tempDirs.push(dir);
  return dir;
}

let s3server: S3rver;
let s3Endpoint = "";

beforeAll(async () => {
  s3server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: tempDir("s3rver"),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await s3server.run();
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await s3server?.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const drivers: Array<[string, () => Storage]> = [
  ["local disk", () => createLocalStorage(tempDir("local"))],
  [
    "S3-compatible (local s3rver)",
    () =>
      createS3Storage({
        bucket: BUCKET,
        region: "us-east-1",
        endpoint: s3Endpoint,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      }),
  ],
];

for (const [name, make] of drivers) {
  describe(`${name} storage`, () => {
    let storage: Storage;
    beforeAll(() => {
      storage = make();
    });

    it("stores an object and streams it back with its content type and cache policy", async () => {
      await storage.put("media/abc/original.txt", Buffer.from("hello storage"), { contentType: "text/plain", cacheControl: DEFAULT_CACHE_CONTROL });
      expect(await storage.exists("media/abc/original.txt")).toBe(true);
      const object = await storage.get("media/abc/original.txt");
      expect(object).not.toBeNull();
      expect(object!.contentType).toBe("text/plain");
      expect(object!.cacheControl).toBe("public, max-age=3600");
      expect(object!.size).toBe(13);
      expect(await text(object!.body)).toBe("hello storage");
    });

    it("never overwrites an existing key", async () => {
      await storage.put("media/once/file.bin", Buffer.from("first"), { contentType: "application/octet-stream" });
      await expect(storage.put("media/once/file.bin", Buffer.from("second"), { contentType: "application/octet-stream" })).rejects.toBeInstanceOf(
        ObjectExistsError,
      );
      expect(await text((await storage.get("media/once/file.bin"))!.body)).toBe("first");
    });

    it("returns a byte range with the full size", async () => {
      await storage.put("media/range/clip.bin", Buffer.from("0123456789"), { contentType: "video/mp4" });
      const object = await storage.get("media/range/clip.bin", { start: 2, end: 5 });
      expect(await text(object!.body)).toBe("2345");
      expect(object!.size).toBe(10);
    });

    it("answers null for a missing object and deletes idempotently", async () => {
      expect(await storage.get("media/missing/none.txt")).toBeNull();
      expect(await storage.exists("media/missing/none.txt")).toBe(false);
      await storage.put("media/del/file.txt", Buffer.from("x"), { contentType: "text/plain" });
      await storage.delete("media/del/file.txt");
      expect(await storage.exists("media/del/file.txt")).toBe(false);
      await expect(storage.delete("media/del/file.txt")).resolves.toBeUndefined();
    });

    it("refuses keys that could escape or be misread", async () => {
      for (const key of ["../etc/passwd", "media/../../x", "/abs", "media//x", "media\\x", "Media/X.txt", ""]) {
        await expect(storage.put(key, Buffer.from("x"), { contentType: "text/plain" })).rejects.toBeInstanceOf(InvalidKeyError);
      }
    });

    it("totals the bytes and objects under a prefix", async () => {
      await storage.put("usage/a.bin", Buffer.alloc(100), { contentType: "application/octet-stream" });
      await storage.put("usage/b/c.bin", Buffer.alloc(50), { contentType: "application/octet-stream" });
      expect(await storage.usage("usage/")).toEqual({ bytes: 150, objects: 2 });
    });
  });
}

describe("S3 objects as the bucket sees them", () => {
  it("carry Cache-Control 3600 s and the content type", async () => {
    const storage = createS3Storage({
      bucket: BUCKET,
      region: "us-east-1",
      endpoint: s3Endpoint,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    await storage.put("content/hero/1.webp", Buffer.from("RIFF"), { contentType: "image/webp", cacheControl: DEFAULT_CACHE_CONTROL });
    // Read back with a separate client, as a CDN or another tool would see the object.
    const client = new S3Client({
      region: "us-east-1",
      endpoint: s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: "content/hero/1.webp" }));
    expect(head.CacheControl).toBe("public, max-age=3600");
    expect(head.ContentType).toBe("image/webp");
  });
});

describe("storage keys and ranges", () => {
  it("accepts generated keys only", () => {
    expect(isValidStorageKey("media/2f1c/1280.webp")).toBe(true);
    expect(isValidStorageKey("media/..hidden/x")).toBe(false);
    expect(isValidStorageKey("media/a b.jpg")).toBe(false);
  });
  it("parses Range headers", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=0-5000", 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=1-2,4-5", 1000)).toBeNull();
    expect(parseRange(null, 1000)).toBeNull();
  });
  it("lets a Range resume only the file the client already holds part of (If-Range)", () => {
    const modified = new Date("2026-11-20T10:15:30.250Z");
    expect(rangeStillApplies(null, modified)).toBe(true);
    // The date we sent as Last-Modified (HTTP dates have whole seconds): the same file, so the range stands.
    expect(rangeStillApplies("Fri, 20 Nov 2026 10:15:30 GMT", modified)).toBe(true);
    // Another date, an entity tag (we send none), junk, or a file without a date: the whole file instead.
    expect(rangeStillApplies("Fri, 20 Nov 2026 10:15:31 GMT", modified)).toBe(false);
    expect(rangeStillApplies('"junk"', modified)).toBe(false);
    expect(rangeStillApplies('W/"junk"', modified)).toBe(false);
    expect(rangeStillApplies("not a date", modified)).toBe(false);
    expect(rangeStillApplies("Fri, 20 Nov 2026 10:15:30 GMT", undefined)).toBe(false);
  });
});
