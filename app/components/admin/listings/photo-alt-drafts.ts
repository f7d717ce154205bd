import { useCallback, useState } from "react";
import type { PhotoView } from "#app/domain/listing-photos";
import { photoAltSchema } from "#app/domain/photo-alt-schema";

/**
 * Alt text typed on the editor's photos and not saved with a photo's own button. The photos and the listing's
 * form are separate forms on the page (one cannot hold the other), so what is typed is kept here, above both:
 * the photo card shows it as not saved yet, and the listing's main save sends it along (listing-form.tsx), so
 * pressing "Save changes" never drops it. This needs JavaScript; without it each photo's own button saves it.
 */
export type PhotoAltDrafts = {
  /** What was typed, by photo id (saved or not). */
  typed: Readonly<Record<string, string>>;
  type: (photoId: string, alt: string) => void;
};

export function usePhotoAltDrafts(): PhotoAltDrafts {
  const [typed, setTyped] = useState<Record<string, string>>({});
  const type = useCallback((photoId: string, alt: string) => setTyped((current) => ({ ...current, [photoId]: alt })), []);
  return { typed, type };
}

/** The id of a photo card's alt text field (photo-card.tsx); the listing's save moves the focus there when it refuses it. */
export function altInputId(photoId: string): string {
  return `alt-${photoId}`;
}

export type UnsavedAlt = { id: string; alt: string; position: number; count: number };

/**
 * The typed alt texts that differ from the saved ones, of photos still on the page (a save through either button
 * brings the saved text back equal to the typed one, and a deleted photo has nothing to describe).
 */
export function unsavedAlts(photos: readonly Pick<PhotoView, "id" | "alt">[], typed: Readonly<Record<string, string>>): UnsavedAlt[] {
  return photos.flatMap((photo, index) =>
    // Compared as saved: both buttons save it trimmed.
    Object.hasOwn(typed, photo.id) && typed[photo.id]!.trim() !== photo.alt
      ? [{ id: photo.id, alt: typed[photo.id]!, position: index + 1, count: photos.length }]
      : [],
  );
}

/** What the server would say about typed alt text (the same schema), or null when it would save it. */
export function altProblem(alt: string): string | null {
  const parsed = photoAltSchema.safeParse(alt);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "This alt text cannot be saved.");
}
