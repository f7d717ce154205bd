/**
 * A listing's id never changes: seeded listings keep the slug they were first published under, new ones get a UUID
 * (docs/architecture.md, Data). Either way it is lowercase letters, digits and hyphens, so anything else sent as
 * an id (by a form, a cookie or a share link) is refused before it reaches a query.
 */
export const LISTING_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

export function isListingId(value: unknown): value is string {
  return typeof value === "string" && LISTING_ID.test(value);
}
