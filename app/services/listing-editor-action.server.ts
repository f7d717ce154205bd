import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Database } from "#app/db/client.server";
import type { ListingRow } from "#app/db/schema";
import { CONFLICT_MESSAGE, listingFormSchema, type ListingFormAnswer, type PhotoActionAnswer } from "#app/domain/listing-editor";
import { photoAltSchema } from "#app/domain/photo-alt-schema";
import type { AuditActor } from "#app/models/audit.server";
import { createListing, ListingConflictError, SlugTakenError, updateListing } from "#app/models/listings-editor.server";
import { describeListingPhoto, makeCoverPhoto, PhotoNotFoundError, reorderListingPhotos } from "#app/models/listings-photos.server";
import { deleteListingPhoto } from "./listing-photo-upload.server";
import type { Storage } from "./storage/storage.server";

/**
 * The listing editor's actions. The main form (Conform + zod, the same schema as in the browser) creates or
 * saves a listing; small forms change one photo at a time. Every answer that is not a redirect keeps what the
 * staff member typed.
 */

export async function handleListingForm(db: Database, actor: AuditActor, formData: FormData, existing: ListingRow | null) {
  const submission = parseWithZod(formData, { schema: listingFormSchema });
  if (submission.status !== "success") return data<ListingFormAnswer>({ result: submission.reply() }, { status: submission.status ? 400 : 200 });
  const values = submission.value;
  try {
    if (!existing) {
      const created = await createListing(db, actor, values);
      return redirect(`/edit/listings/${created.id}?created=1#photos`);
    }
    const expected = values.overwrite ?? values.version;
    if (!expected)
      return data<ListingFormAnswer>(
        { result: submission.reply({ formErrors: ["Reload the page and try again: the form lost track of its version."] }) },
        { status: 400 },
      );
    await updateListing(db, actor, existing.id, expected, values);
    return redirect(`/edit/listings/${existing.id}?saved=1`);
  } catch (error) {
    if (error instanceof SlugTakenError)
      return data<ListingFormAnswer>({ result: submission.reply({ fieldErrors: { slug: [error.message] } }) }, { status: 409 });
    if (error instanceof ListingConflictError) {
      return data<ListingFormAnswer>(
        {
          result: submission.reply({ formErrors: [CONFLICT_MESSAGE] }),
          conflict: { version: error.current.version, by: error.current.by, at: error.current.updatedAt.toISOString() },
        },
        { status: 409 },
      );
    }
    throw error;
  }
}

const PhotoActionSchema = z.discriminatedUnion("_action", [
  z.object({
    _action: z.literal("photo-alt"),
    photoId: z.uuid(),
    alt: photoAltSchema,
  }),
  z.object({ _action: z.literal("photo-cover"), photoId: z.uuid() }),
  z.object({ _action: z.literal("photo-delete"), photoId: z.uuid() }),
  z.object({
    _action: z.literal("photo-reorder"),
    ids: z
      .string()
      .transform((text, context) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: "custom", message: "The new order is not a list of photo ids." });
          return z.NEVER;
        }
      })
      .pipe(z.array(z.uuid(), "The new order is not a list of photo ids.").max(200)),
  }),
]);

export async function handlePhotoAction(deps: { db: Database; storage: Storage; actor: AuditActor }, listing: ListingRow, formData: FormData) {
  const parsed = PhotoActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data<PhotoActionAnswer>({ ok: false, error: parsed.error.issues[0]?.message ?? "Invalid request." }, { status: 400 });
  const action = parsed.data;
  try {
    if (action._action === "photo-alt") await describeListingPhoto(deps.db, deps.actor, listing.id, action.photoId, action.alt);
    else if (action._action === "photo-cover") await makeCoverPhoto(deps.db, deps.actor, listing.id, action.photoId);
    else if (action._action === "photo-delete") await deleteListingPhoto(deps, listing.id, action.photoId);
    else await reorderListingPhotos(deps.db, deps.actor, listing.id, action.ids);
  } catch (error) {
    if (error instanceof PhotoNotFoundError)
      return data<PhotoActionAnswer>({ ok: false, error: error.message, intent: action._action }, { status: 404 });
    throw error;
  }
  return data<PhotoActionAnswer>({ ok: true, intent: action._action });
}

/** The audit actor for a signed-in member of staff. */
export function actorOf(user: { id: string; name: string; email: string }): AuditActor {
  return { id: user.id, name: user.name, email: user.email };
}
