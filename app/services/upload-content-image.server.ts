import crypto from "node:crypto";
import { CONTENT_IMAGE_UPLOAD } from "#app/domain/upload-rules";
import { mediaUrl } from "#app/models/media.server";
import type { AuditActor } from "#app/models/audit.server";
import { readContentBlock, updateContentBlock, type ContentStore } from "#app/models/content-blocks.server";
import type { Storage } from "./storage/storage.server";
import { uploadErrorAnswer } from "./upload-media.server";
import { storeUpload } from "./upload-store.server";
import { discardBody, readUpload } from "./upload.server";

export type ContentImageAnswer = {
  status: number;
  body: { url: string; width?: number; height?: number; placeholder?: string } | { error: string };
};

/** Storage names come from the block key plus a timestamp (spec point 7), made safe and unique. */
function storagePrefix(blockKey: string): string {
  const slug =
    blockKey
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "block";
  return `content/${slug}-${Date.now()}-${crypto.randomBytes(4).toString("hex")}`;
}

/**
 * Reads one image (10 MB), stores its variants and points the block at the largest WebP. The block
 * must exist and be an image block; earlier pictures stay in storage, since cached pages may still
 * show them for a few minutes.
 */
export async function handleContentImageUpload(
  request: Request,
  blockKey: string,
  deps: ContentStore & { storage: Storage; maxPixels: number; maxBytes?: number; actor: AuditActor },
): Promise<ContentImageAnswer> {
  const block = await readContentBlock(deps, blockKey);
  if (!block || block.type !== "image") {
    discardBody(request, deps.maxBytes ?? CONTENT_IMAGE_UPLOAD.maxBytes);
    if (!block) return { status: 404, body: { error: `Content block ${blockKey} not found.` } };
    return { status: 422, body: { error: `Content block ${blockKey} is not an image block.` } };
  }
  try {
    const { file } = await readUpload(request, { rules: { ...CONTENT_IMAGE_UPLOAD, maxBytes: deps.maxBytes ?? CONTENT_IMAGE_UPLOAD.maxBytes } });
    const stored = await storeUpload(deps.storage, storagePrefix(blockKey), file, { maxPixels: deps.maxPixels });
    const url = mediaUrl(stored.primaryKey);
    const updated = await updateContentBlock(
      deps,
      blockKey,
      {
        content: url,
        metadata: {
          originalName: file.displayName,
          size: file.data.length,
          type: file.type.mime,
          width: stored.width,
          height: stored.height,
          placeholder: stored.placeholder,
          variants: stored.variants,
        },
      },
      deps.actor,
    );
    if (!updated) return { status: 404, body: { error: `Content block ${blockKey} not found.` } };
    return { status: 200, body: { url, width: stored.width, height: stored.height, placeholder: stored.placeholder } };
  } catch (error) {
    return uploadErrorAnswer(error);
  }
}
