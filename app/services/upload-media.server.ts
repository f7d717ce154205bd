import crypto from "node:crypto";
import type { RouterContextProvider } from "react-router";
import type { Database } from "#app/db/client.server";
import { isClientDataException } from "#app/db/data-exception.server";
import { createMediaItem, toMediaView, type MediaView } from "#app/models/media.server";
import { MEDIA_UPLOAD } from "#app/domain/upload-rules";
import type { AdminArea } from "#app/domain/staff-roles";
import type { AuditActor } from "#app/models/audit.server";
import { requireStaff } from "#app/services/auth.server";
import { logger } from "#app/services/logger.server";
import { logSecurityEvent } from "#app/services/security-log.server";
import { ImageRejectedError } from "./images.server";
import type { Storage } from "./storage/storage.server";
import { storeUpload } from "./upload-store.server";
import { readUpload, UploadError } from "./upload.server";

/** Folder names: short plain text (the filter compares them exactly). */
export function sanitizeFolder(raw: string | undefined): string | undefined {
  const folder = (raw ?? "")
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60);
  return folder || undefined;
}

export type ErrorAnswer = { status: number; body: { error: string } };
export type UploadAnswer = { status: number; body: { item: MediaView } } | ErrorAnswer;

/**
 * POST /edit/api/media, after the caller's session and origin are checked: reads one file (image,
 * video or audio, 50 MB), stores it under a generated name and adds it to the library.
 */
export async function handleMediaUpload(
  request: Request,
  deps: { db: Database; storage: Storage; maxPixels: number; maxBytes?: number; actor: AuditActor },
): Promise<UploadAnswer> {
  try {
    const { file, fields } = await readUpload(request, {
      rules: { ...MEDIA_UPLOAD, maxBytes: deps.maxBytes ?? MEDIA_UPLOAD.maxBytes },
      fieldNames: ["folder"],
    });
    const id = crypto.randomUUID();
    const stored = await storeUpload(deps.storage, `media/${id}`, file, { maxPixels: deps.maxPixels });
    const row = await createMediaItem(
      deps.db,
      {
        id,
        name: file.displayName,
        type: file.type.kind,
        storageKey: stored.primaryKey,
        mimeType: file.type.kind === "image" ? "image/webp" : file.type.mime,
        size: stored.bytes,
        metadata: {
          folder: sanitizeFolder(fields.folder),
          width: stored.width,
          height: stored.height,
          placeholder: stored.placeholder,
          variants: stored.variants,
          originalType: file.type.mime,
          originalBytes: file.data.length,
        },
      },
      deps.actor,
    );
    return { status: 201, body: { item: toMediaView(row) } };
  } catch (error) {
    return uploadErrorAnswer(error);
  }
}

/** A refused upload (wrong type, too large, too many pixels) is a security event: who tried what, from where. */
/** Any method but POST at an upload address: 405 naming POST. */
export function uploadsTakePostOnly(): Response {
  return Response.json({ error: "Use POST to upload." }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}

/**
 * The loader of an upload address. A GET (a typed address, a followed link) is no upload: 405 naming POST instead of
 * the router's bare 400, after the staff check every admin loader makes (routes/admin/route-table.test.ts).
 */
export function uploadAddressLoader(area: AdminArea) {
  return async ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }): Promise<Response> => {
    await requireStaff(request, context, area);
    return uploadsTakePostOnly();
  };
}

export function logUploadRefusal(answer: { status: number; body: object }, who: { actor: string; ip?: string; endpoint: string }): void {
  if (answer.status < 400 || answer.status >= 500 || answer.status === 404) return;
  const reason = "error" in answer.body && typeof answer.body.error === "string" ? answer.body.error : undefined;
  logSecurityEvent("upload-refused", { outcome: "refused", actor: who.actor, ip: who.ip, endpoint: who.endpoint, status: answer.status, reason });
}

/** Expected refusals become their status and message; anything else is logged and answered 500. */
export function uploadErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof UploadError || error instanceof ImageRejectedError) {
    return { status: error.status, body: { error: error.message } };
  }
  // A value the database cannot hold came with the upload: the request's fault (db/data-exception.server.ts).
  if (isClientDataException(error)) {
    logger.warn({ err: error }, "the database refused a value sent with an upload: answered 400");
    return { status: 400, body: { error: "The upload holds a value that cannot be stored. Please check what was sent." } };
  }
  logger.error({ err: error }, "upload failed");
  return { status: 500, body: { error: "The upload could not be stored. Please try again." } };
}
