/**
 * Slugs: the listing's part of its URL (/cars/<slug>). Generated from the title, editable by staff, unique
 * within a category. Old slugs are kept so a changed URL still answers, with a 301 to the new one.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 80;

/** "Stunning Duplex Penthouse — Marbella!" → "stunning-duplex-penthouse-marbella" */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, MAX_SLUG_LENGTH).replace(/-+$/, "");
}

export function isValidSlug(value: string): boolean {
  return value.length > 0 && value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);
}

/** The public path of a listing. */
export function listingPath(listing: { category: string; slug: string }): string {
  return `/${listing.category}/${listing.slug}`;
}
