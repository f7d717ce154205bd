import path from "node:path";
import type { Env } from "#app/env.server";
import { createLocalStorage } from "./local-storage.server";
import { createS3Storage } from "./s3-storage.server";
import type { Storage } from "./storage.server";

const instances = new Map<string, Storage>();

/** The storage driver the settings choose: local disk under DATA_DIR/storage by default, or S3. */
export function getStorage(env: Env): Storage {
  const id = env.STORAGE_DRIVER === "s3" ? `s3:${env.S3_ENDPOINT ?? ""}:${env.S3_BUCKET}` : `local:${env.dataDir}`;
  let storage = instances.get(id);
  if (!storage) {
    storage =
      env.STORAGE_DRIVER === "s3"
        ? createS3Storage({
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          })
        : createLocalStorage(path.join(env.dataDir, "storage"));
    instances.set(id, storage);
  }
  return storage;
}
