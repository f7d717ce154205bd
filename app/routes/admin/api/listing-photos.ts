import { redirect } from "react-router";
import type { Route } from "./+types/listing-photos";
import { servicesContext } from "#app/db/context";
import { requireStaffAction } from "#app/services/auth.server";
import { logUploadRefusal, uploadAddressLoader, uploadsTakePostOnly } from "#app/services/upload-media.server";
import { handleListingPhotoUpload } from "#app/services/listing-photo-upload.server";
import { actorOf } from "#app/services/listing-editor-action.server";

/**
 * POST /edit/api/listings/:id/photos: one photo per request (multipart field "file", optional "alt"), through the
 * media pipeline. Answers 201 { photo } or an error status with { error }; a plain form post (no JavaScript) is
 * sent back to the editor's photos instead. The session and origin are checked before a byte of the body is read.
 */
export const loader = uploadAddressLoader("listings");

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return uploadsTakePostOnly();
  const { user } = await requireStaffAction(request, context, "listings");
  const { db, env, storage } = context.get(servicesContext);
  const answer = await handleListingPhotoUpload(request, params.id, { db, storage, maxPixels: env.IMAGE_MAX_PIXELS, actor: actorOf(user) });
  logUploadRefusal(answer, { actor: user.email, ip: context.get(servicesContext).clientIp, endpoint: "listing photo" });
  if (request.headers.get("sec-fetch-mode") === "navigate") {
    const problem = "error" in answer.body ? `?photoError=${encodeURIComponent(answer.body.error)}` : "";
    throw redirect(`/edit/listings/${encodeURIComponent(params.id)}${problem}#photos`, 303);
  }
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
