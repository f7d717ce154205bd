import type { Route } from "./+types/media-upload";
import { servicesContext } from "#app/db/context";
import { requireStaffAction } from "#app/services/auth.server";
import { handleMediaUpload, logUploadRefusal, uploadAddressLoader, uploadsTakePostOnly } from "#app/services/upload-media.server";

/**
 * POST /edit/api/media: one file per request (multipart field "file", optional "folder"). Answers
 * 201 { item } or an error status with { error }. The session and origin are checked before a byte
 * of the body is read.
 */
export const loader = uploadAddressLoader("media");

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return uploadsTakePostOnly();
  const { user } = await requireStaffAction(request, context, "media");
  const { db, env, storage } = context.get(servicesContext);
  const answer = await handleMediaUpload(request, { db, storage, maxPixels: env.IMAGE_MAX_PIXELS, actor: user });
  logUploadRefusal(answer, { actor: user.email, ip: context.get(servicesContext).clientIp, endpoint: "media" });
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
