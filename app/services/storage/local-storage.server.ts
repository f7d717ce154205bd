import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import {
  assertValidKey,
  ObjectExistsError,
  type ByteRange,
  type ObjectInfo,
  type PutOptions,
  type Storage,
  type StoredObject,
} from "./storage.server";

type Meta = { contentType: string; cacheControl?: string };

/**
 * Files on local disk: objects/<key> holds the bytes, meta/<key>.json the content type and cache
 * policy. For one machine; with several app processes use the S3 driver (uploads must not live on
 * one process's disk).
 */
export function createLocalStorage(root: string): Storage {
  const objectsDir = path.join(root, "objects");
  const metaDir = path.join(root, "meta");
  const tmpDir = path.join(root, "tmp");

  const objectPath = (key: string) => {
    assertValidKey(key);
    const resolved = path.resolve(objectsDir, key);
    // Belt and braces: valid keys cannot escape, but never trust one check for a file path.
    if (!resolved.startsWith(objectsDir + path.sep)) throw new Error(`Key escapes the storage folder: ${key}`);
    return resolved;
  };
  const metaPath = (key: string) => path.join(metaDir, `${key}.json`);

  async function readMeta(key: string): Promise<Meta> {
    try {
      return JSON.parse(await fsp.readFile(metaPath(key), "utf8")) as Meta;
    } catch {
      return { contentType: "application/octet-stream" };
    }
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    const file = objectPath(key);
    const stat = await fsp.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    const meta = await readMeta(key);
    return { size: stat.size, contentType: meta.contentType, cacheControl: meta.cacheControl, lastModified: stat.mtime };
  }

  return {
    kind: "local",

    async put(key: string, body: Uint8Array, options: PutOptions) {
      const file = objectPath(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.mkdir(path.dirname(metaPath(key)), { recursive: true });
      await fsp.mkdir(tmpDir, { recursive: true });
      const meta: Meta = { contentType: options.contentType, cacheControl: options.cacheControl };
      const tmp = path.join(tmpDir, crypto.randomUUID());
      await fsp.writeFile(tmp, body);
      await fsp.writeFile(`${tmp}.json`, JSON.stringify(meta));
      try {
        // link() fails with EEXIST atomically, so two writers can never both win a key, and readers
        // never see a half-written file.
        await fsp.link(tmp, file);
        await fsp.rename(`${tmp}.json`, metaPath(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new ObjectExistsError(key);
        throw error;
      } finally {
        await fsp.rm(tmp, { force: true });
        await fsp.rm(`${tmp}.json`, { force: true });
      }
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const info = await head(key);
      if (!info) return null;
      const body = fs.createReadStream(objectPath(key), range ? { start: range.start, end: range.end } : undefined);
      return { ...info, body, range };
    },

    head,

    async exists(key: string) {
      return (await head(key)) !== null;
    },

    async delete(key: string) {
      await fsp.rm(objectPath(key), { force: true });
      await fsp.rm(metaPath(key), { force: true });
    },

    async usage(prefix = "") {
      let bytes = 0;
      let objects = 0;
      const start = prefix ? path.join(objectsDir, prefix) : objectsDir;
      const entries = await fsp.readdir(start, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const stat = await fsp.stat(path.join(entry.parentPath, entry.name));
        bytes += stat.size;
        objects += 1;
      }
      return { bytes, objects };
    },
  };
}
