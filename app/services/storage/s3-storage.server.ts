import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import {
  assertValidKey,
  ObjectExistsError,
  type ByteRange,
  type ObjectInfo,
  type PutOptions,
  type Storage,
  type StoredObject,
} from "./storage.server";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey";
}

/**
 * Any S3-compatible service: AWS S3, Supabase Storage's S3 endpoint, Cloudflare R2, MinIO. The app
 * streams objects through its own media route, so the bucket can stay private.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    // Checksums on every request are not understood by every S3-compatible service.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;

  async function head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? "application/octet-stream",
        cacheControl: answer.CacheControl,
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: "s3",

    async put(key: string, body: Uint8Array, putOptions: PutOptions) {
      assertValidKey(key);
      // The spec's "no overwrite": refuse a taken key. If-None-Match makes the check atomic on services
      // that support conditional writes (S3, R2, MinIO); the HEAD covers those that ignore it.
      if (await head(key)) throw new ObjectExistsError(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: putOptions.contentType,
            CacheControl: putOptions.cacheControl,
            ContentLength: body.byteLength,
            IfNoneMatch: "*",
          }),
        );
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412) throw new ObjectExistsError(key);
        throw error;
      }
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      assertValidKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        const total = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? "")?.[1] ?? NaN) : (answer.ContentLength ?? 0);
        return {
          body: answer.Body as Readable,
          size: Number.isFinite(total) ? total : (answer.ContentLength ?? 0),
          contentType: answer.ContentType ?? "application/octet-stream",
          cacheControl: answer.CacheControl,
          lastModified: answer.LastModified,
          range,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    head,

    async exists(key: string) {
      return (await head(key)) !== null;
    },

    async delete(key: string) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async usage(prefix?: string) {
      let bytes = 0;
      let objects = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          bytes += item.Size ?? 0;
          objects += 1;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return { bytes, objects };
    },
  };
}
