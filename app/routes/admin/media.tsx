import { useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/media";
import { AdminPageHeader } from "#app/components/admin/admin-page-header";
import { MediaLibrary } from "#app/components/admin/media-library";
import { MediaSummary } from "#app/components/admin/media-summary";
import { MediaUploader } from "#app/components/admin/media-uploader";
import { servicesContext } from "#app/db/context";
import { deleteMediaItem, listFolders, listMedia, reorderMedia, storageSummary, toMediaView } from "#app/models/media.server";
import { requireStaff, requireStaffAction } from "#app/services/auth.server";

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
  z.object({
    intent: z.literal("reorder"),
    ids: z.string().transform(parseJson).pipe(z.array(z.uuid(), "The new order is not a list of media ids.").max(1000)),
  }),
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "media");
  const { db, env } = context.get(servicesContext);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const folder = (url.searchParams.get("folder") ?? "").slice(0, 60);
  const view = url.searchParams.get("view") === "list" ? ("list" as const) : ("grid" as const);
  const items = await listMedia(db, { search, folder });
  const folders = await listFolders(db);
  const summary = await storageSummary(db);
  return { items: items.map(toMediaView), folders, summary, quotaBytes: env.MEDIA_QUOTA_BYTES, view };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaffAction(request, context, "media");
  const { db, storage } = context.get(servicesContext);
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message ?? "Invalid request." }, { status: 400 });
  if (parsed.data.intent === "delete") {
    const deleted = await deleteMediaItem(db, storage, parsed.data.id, user);
    if (!deleted) return Response.json({ error: "That file no longer exists." }, { status: 404 });
    return { ok: true };
  }
  await reorderMedia(db, parsed.data.ids, user);
  return { ok: true };
}

export default function MediaManager({ loaderData }: Route.ComponentProps) {
  const { items, folders, summary, quotaBytes, view } = loaderData;
  const revalidator = useRevalidator();
  return (
    <div className="space-y-10">
      <title>Media Manager | Admin</title>
      <AdminPageHeader
        eyebrow="Library"
        title="Media Manager"
        intro="Upload, organise and securely manage the images, video and audio used across the site."
      />
      <MediaSummary usedBytes={summary.usedBytes} quotaBytes={quotaBytes} files={summary.files} />
      <MediaUploader folders={folders} onUploaded={() => void revalidator.revalidate()} />
      <MediaLibrary items={items} folders={folders} view={view} />
    </div>
  );
}
