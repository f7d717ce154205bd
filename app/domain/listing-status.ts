/**
 * A listing's life: Draft → Published ⇄ Under offer → Sold, and Archived when it is retired. Staff may also
 * hide a listing whatever its status (`visible` false), e.g. while a seller asks for discretion.
 *
 * The one public-visibility rule of the catalogue, stated here in plain code and applied in SQL by
 * models/listings-visibility.server.ts (a test proves both agree):
 * - reachable (its page answers): shown on the site and Published, Under offer or Sold;
 * - listed (category lists, search, home carousel, Trending Now): reachable and not Sold, unless the visitor
 *   asks to see sold listings too (category lists only);
 * - takes enquiries: reachable and not Sold.
 * Draft and Archived are never public; the sitemap holds exactly the reachable listings.
 */
export const LISTING_STATUSES = ["draft", "published", "under_offer", "sold", "archived"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const STATUS_INFO: Record<ListingStatus, { label: string; description: string }> = {
  draft: { label: "Draft", description: "Being prepared: never shown on the site." },
  published: { label: "Published", description: "On the site: listed, searchable and open to enquiries." },
  under_offer: { label: "Under offer", description: "Still listed, with an “Under Offer” badge; enquiries stay open." },
  sold: { label: "Sold", description: "Its page stays reachable with a “Sold” badge and no enquiry form; left out of lists." },
  archived: { label: "Archived", description: "Retired: gone from the site; old links answer “not found”." },
};

/** The badge visitors see on cards and the detail page; Published listings carry none. */
export const PUBLIC_BADGES: Partial<Record<ListingStatus, string>> = { under_offer: "Under Offer", sold: "Sold" };

export const REACHABLE_STATUSES = ["published", "under_offer", "sold"] as const satisfies readonly ListingStatus[];
export const LISTED_STATUSES = ["published", "under_offer"] as const satisfies readonly ListingStatus[];

export type VisibilityFacts = { status: ListingStatus; visible: boolean };

export function isListingStatus(value: unknown): value is ListingStatus {
  return typeof value === "string" && (LISTING_STATUSES as readonly string[]).includes(value);
}

/** Its detail page answers (and the sitemap names it). */
export function isReachable({ status, visible }: VisibilityFacts): boolean {
  return visible && (REACHABLE_STATUSES as readonly string[]).includes(status);
}

/** It appears in lists; sold listings only when the visitor asked for them. */
export function isListed(facts: VisibilityFacts, options: { includeSold?: boolean } = {}): boolean {
  if (!isReachable(facts)) return false;
  return facts.status !== "sold" || Boolean(options.includeSold);
}

/** The enquiry form is shown and accepted. */
export function takesEnquiries(facts: VisibilityFacts): boolean {
  return isReachable(facts) && facts.status !== "sold";
}

/** What the listings manager's "Visibility" column says. */
export function visibilityLabel(facts: VisibilityFacts): "On the site" | "Hidden" | "Not public" {
  if (!facts.visible) return "Hidden";
  return isReachable(facts) ? "On the site" : "Not public";
}
