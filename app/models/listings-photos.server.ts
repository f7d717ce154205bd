import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { announceChange } from "#app/db/change-bus.server";
import { listings, type ListingRow } from "#app/db/schema";
import { MAX_PHOTOS, type ListingPhoto } from "#app/domain/listing-photos";
import { recordAudit, type AuditActor } from "./audit.server";
import { ListingNotFoundError } from "./listings-editor.server";

/**
 * A listing's photos: added by upload (or import), reordered, described, made the cover, deleted. Each change
 * is its own small transaction on the locked row (two staff members reordering and uploading at once never
 * lose each other's work) with an audit row and a change notice. Photo changes do not raise the listing's
 * version: they never conflict with an open editor form, which carries no photos (only alt text typed on them
 * and not saved yet, which its save writes: listings-editor.server.ts).
 */
export class PhotoLimitError extends Error {
  constructor() {
    super(`A listing holds up to ${MAX_PHOTOS} photos. Delete one before adding another.`);
    this.name = "PhotoLimitError";
  }
}

export class PhotoNotFoundError extends Error {
  constructor() {
    super("That photo no longer exists; the page shows the current photos.");
    this.name = "PhotoNotFoundError";
  }
}

type PhotoChange = { photos: ListingPhoto[]; action: string; changes?: Record<string, { before: unknown; after: unknown }> };

async function mutatePhotos(
  db: Database,
  actor: AuditActor,
  listingId: string,
  change: (photos: ListingPhoto[], listing: ListingRow) => PhotoChange,
): Promise<{ before: ListingPhoto[]; after: ListingPhoto[] }> {
  return db.transaction(async (tx) => {
    const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for("update");
    if (!listing) throw new ListingNotFoundError();
    const result = change(listing.photos, listing);
    await tx.update(listings).set({ photos: result.photos, updatedAt: new Date() }).where(eq(listings.id, listingId));
    await recordAudit(tx, {
      actor,
      kind: "listing",
      action: result.action,
      subjectId: listingId,
      subjectLabel: listing.title,
      changes: result.changes ?? {},
    });
    await announceChange(tx, "listings", listingId);
    return { before: listing.photos, after: result.photos };
  });
}

const find = (photos: ListingPhoto[], id: string) => {
  const photo = photos.find((item) => item.id === id);
  if (!photo) throw new PhotoNotFoundError();
  return photo;
};

/** Appends a stored photo (the first one becomes the cover). */
export async function addListingPhoto(db: Database, actor: AuditActor, listingId: string, photo: ListingPhoto) {
  return mutatePhotos(db, actor, listingId, (photos) => {
    if (photos.length >= MAX_PHOTOS) throw new PhotoLimitError();
    return { photos: [...photos, photo], action: "photo added", changes: { photos: { before: photos.length, after: photos.length + 1 } } };
  });
}

export async function describeListingPhoto(db: Database, actor: AuditActor, listingId: string, photoId: string, alt: string) {
  return mutatePhotos(db, actor, listingId, (photos) => {
    const photo = find(photos, photoId);
    return {
      photos: photos.map((item) => (item.id === photoId ? { ...item, alt } : item)),
      action: "photo described",
      changes: { alt: { before: photo.alt, after: alt } },
    };
  });
}

/** Moves the photo to the front: the cover is the first photo. */
export async function makeCoverPhoto(db: Database, actor: AuditActor, listingId: string, photoId: string) {
  return mutatePhotos(db, actor, listingId, (photos) => {
    const photo = find(photos, photoId);
    return {
      photos: [photo, ...photos.filter((item) => item.id !== photoId)],
      action: "cover photo changed",
      changes: { cover: { before: photos[0]?.id ?? null, after: photoId } },
    };
  });
}

/**
 * Puts the photos in the given order. Ids no longer there are ignored and photos the caller did not know of
 * (added meanwhile) keep their place after the others, so a stale order never drops a photo.
 */
export async function reorderListingPhotos(db: Database, actor: AuditActor, listingId: string, order: readonly string[]) {
  return mutatePhotos(db, actor, listingId, (photos) => {
    const byId = new Map(photos.map((photo) => [photo.id, photo]));
    const ordered = [...new Set(order)].flatMap((id) => byId.get(id) ?? []);
    const rest = photos.filter((photo) => !order.includes(photo.id));
    const next = [...ordered, ...rest];
    return {
      photos: next,
      action: "photos reordered",
      changes: { order: { before: photos.map((photo) => photo.id), after: next.map((photo) => photo.id) } },
    };
  });
}

/** Removes the photo from the listing and returns it, so the caller can delete its files once this committed. */
export async function removeListingPhoto(db: Database, actor: AuditActor, listingId: string, photoId: string): Promise<ListingPhoto> {
  let removed: ListingPhoto | undefined;
  await mutatePhotos(db, actor, listingId, (photos) => {
    removed = find(photos, photoId);
    return {
      photos: photos.filter((item) => item.id !== photoId),
      action: "photo deleted",
      changes: { photos: { before: photos.length, after: photos.length - 1 } },
    };
  });
  return removed!;
}
