import { imageSourceFrom, type ImageSource, type StoredRendition } from "./image-sources";

/**
 * A listing's photos, in order: the first is the cover (cards, the detail page's main image, the home page).
 * A photo is either ours (uploaded or imported: served by the media route in our own renditions) or a remote
 * address from the earlier site that `npm run images:import` has not copied yet.
 */
export type ListingPhoto = {
  id: string;
  /** /media/… for our copies; https://… for a remote picture not imported yet. */
  src: string;
  /** Alt text written by staff; empty means "<title>, photo N of M". */
  alt: string;
  width?: number;
  height?: number;
  placeholder?: string;
  variants?: StoredRendition[];
  /** Where an imported picture came from (the import matches on it). */
  sourceUrl?: string;
};

/** A photo as staff pages draw it: with its id, which their actions name. */
export type PhotoView = ImageSource & { id: string; alt: string };

/**
 * A photo as public pages draw it. No id: nothing a visitor does names a photo, and the ids (random UUIDs, which do
 * not compress) were a tenth of a listing page's compressed HTML.
 */
export type PublicPhoto = ImageSource & { alt: string };

export const MAX_PHOTOS = 60;
export const MAX_ALT_LENGTH = 200;

export function toPhotoView(photo: ListingPhoto): PhotoView {
  return { ...imageSourceFrom(photo), id: photo.id, alt: photo.alt };
}

export function toPublicPhoto(photo: ListingPhoto): PublicPhoto {
  return { ...imageSourceFrom(photo), alt: photo.alt };
}

/** The alt text a page prints: the staff's words, or the title and the photo's place in the set. */
export function photoAlt(photo: { alt: string }, title: string, index: number, count: number): string {
  return photo.alt.trim() || `${title}, photo ${index + 1} of ${count}`;
}

/** The storage keys a photo owns (deleted with it). Remote photos own none. */
export function storageKeysOf(photo: ListingPhoto): string[] {
  return (photo.variants ?? []).map((variant) => variant.key);
}
