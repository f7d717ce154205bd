import path from "node:path";
import type { Env } from "#app/env.server";
import { createLocalStorage } from "./local-storage.server";
import type { Storage } from "./storage.server";

/**
 * The storage driver the settings choose: local disk under DATA_DIR/storage by default, or S3. Made once per app
 * process. The S3 client is loaded only when chosen: it weighs 15 MB of memory a local-disk site never uses.
 */
export async function storageFromEnv(env: Env): Promise<Storage> {
  if (env.STORAGE_DRIVER === "s3") {
    const { createS3Storage } = await import("./s3-storage.server");
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
