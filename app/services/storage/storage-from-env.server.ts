import path from "node:path";
import type { Env } from "#app/env.server";
import { createLocalStorage } from "./local-storage.server";
import { createS3Storage } from "./s3-storage.server";
import type { Storage } from "./storage.server";

/** The storage driver the settings choose: local disk under DATA_DIR/storage by default, or S3. Made once per app process. */
export function storageFromEnv(env: Env): Storage {
  if (env.STORAGE_DRIVER === "s3") {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(path.join(env.dataDir, "storage"));
}
