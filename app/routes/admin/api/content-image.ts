import type { Route } from "./+types/content-image";
import { servicesContext } from "#app/db/context";
import { requireStaffAction } from "#app/services/auth.server";
import { logUploadRefusal, uploadAddressLoader, uploadsTakePostOnly } from "#app/services/upload-media.server";
import { handleContentImageUpload } from "#app/services/upload-content-image.server";

/**
 * POST /edit/api/content/:key/image: stores a new picture for an image block (drop zone or the
 * image editor's edited-image.jpg) and makes it the block's content. Answers { url } or { error }.
 */
export const loader = uploadAddressLoader("content");

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return uploadsTakePostOnly();
  const { user } = await requireStaffAction(request, context, "content");
  const services = context.get(servicesContext);
  const answer = await handleContentImageUpload(request, params.key, { ...services, maxPixels: services.env.IMAGE_MAX_PIXELS, actor: user });
  logUploadRefusal(answer, { actor: user.email, ip: context.get(servicesContext).clientIp, endpoint: "content image" });
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
