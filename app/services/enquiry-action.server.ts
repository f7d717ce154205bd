import { data, redirect, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/db/context";
import type { Database } from "#app/db/client.server";
import { isCategoryId, type CategoryId } from "#app/domain/category-ids";
import { CATEGORIES } from "#app/domain/categories";
import type { EnquiryKind } from "#app/domain/enquiry-schemas";
import { ENQUIRY_OUTCOME_PARAM, type EnquiryActionData } from "#app/domain/enquiry-result";
import { listingPath } from "#app/domain/listing-slug";
import { takesEnquiries } from "#app/domain/listing-status";
import { sharePath } from "#app/domain/shortlist";
import { findPublicListing, findShortlistCards } from "#app/models/listings.server";
import { resolveClientIp } from "./client-ip.server";
import { submitEnquiry, type EnquiryInput, type EnquiryOutcome } from "./enquiry-pipeline.server";

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

const HTTP_STATUS = { invalid: 400, bot: 403, "rate-limit": 429, unavailable: 503 } as const;

/** What a sold listing answers an enquiry with (its page shows no form, but an old tab may still post one). */
export const SOLD_LISTING_MESSAGE =
  "This listing has been sold and no longer takes enquiries. Our concierge can suggest similar ones through the Contact page.";

/**
 * The detail page's action: an enquiry about the listing its route names (category and slug from the route
 * params, found through the listing model and its public rule). An old address of a listing that changed its
 * slug still takes the enquiry, for the listing's current page; a sold listing takes none.
 */
export async function enquiryAction({ request, context, params }: ActionArgs) {
  const { db, listingsCache } = context.get(servicesContext);
  const category = params.category ?? "";
  if (!isCategoryId(category)) throw data({ message: null }, { status: 404 });
  const slug = params.id ?? "";
  const target = await listingsCache.remember(`enquiry-target:${category}/${slug}`, ENQUIRY_TARGET_TTL_MS, () => enquiryTarget(db, category, slug));
  // Same 404 payload as the detail page's loader, so its error boundary shows the category's message.
  if (!target) throw data({ message: CATEGORIES[category].notFound, category }, { status: 404 });
  if (!target.takesEnquiries) {
    const payload: EnquiryActionData = { status: "error", result: { status: "error", error: { "": [SOLD_LISTING_MESSAGE] } } };
    return data(payload, { status: 409, headers: { "Cache-Control": "no-store" } });
  }
  return handleEnquiry({ request, context }, "listing", { listingPath: target.path });
}

/**
 * What an enquiry needs of its listing: its current page and whether it takes enquiries; null when no public listing
 * answers the address. Kept in the listings cache, which every process empties when any listing changes, so a listing
 * marked sold refuses the next enquiry, and enquiries about one listing do not each read its whole row.
 */
async function enquiryTarget(db: Database, category: CategoryId, slug: string): Promise<{ path: string; takesEnquiries: boolean } | null> {
  const found = await findPublicListing(db, category, slug);
  return found.kind === "missing" ? null : { path: listingPath(found.listing), takesEnquiries: takesEnquiries(found.listing) };
}

/** How long an enquiry target is kept without a change (changes drop it at once); bounds nothing but memory. */
const ENQUIRY_TARGET_TTL_MS = 5 * 60_000;

/** What an enquiry about an empty shortlist answers (an old tab, or every listing on it gone since). */
export const EMPTY_SHORTLIST_MESSAGE = "Your shortlist is empty. Save listings with the heart, then send your enquiry.";
/** What it answers when every listing left on it has been sold. */
export const SOLD_SHORTLIST_MESSAGE =
  "Every listing on your shortlist has been sold, so there is nothing to enquire about. Our concierge can suggest similar ones through the Contact page.";

/**
 * The shortlist page's action: one enquiry about every listing on the visitor's list that takes enquiries (a sold
 * one is left out, as on its own page). The list is read from the visitor's cookie and the catalogue (never from
 * the form), and stored as its share link, so staff open exactly the listings the enquiry is about.
 */
export async function shortlistEnquiryAction({ request, context }: Omit<ActionArgs, "params">, ids: readonly string[]) {
  const { db, env } = context.get(servicesContext);
  const cards = await findShortlistCards(db, ids, { forEnquiry: true });
  if (cards.length === 0) {
    const sold = (await findShortlistCards(db, ids)).length > 0;
    const payload: EnquiryActionData = {
      status: "error",
      result: { status: "error", error: { "": [sold ? SOLD_SHORTLIST_MESSAGE : EMPTY_SHORTLIST_MESSAGE] } },
    };
    return data(payload, { status: 409, headers: { "Cache-Control": "no-store" } });
  }
  return handleEnquiry({ request, context }, "shortlist", {
    listingPath: sharePath(cards.map((card) => card.id)),
    shortlist: cards.map((card) => ({ title: card.title, url: `${env.siteUrl}${listingPath(card)}` })),
  });
}

/** The Contact page's action: a general enquiry with the visitor's chosen area of interest. */
export function contactAction({ request, context }: Omit<ActionArgs, "params">) {
  return handleEnquiry({ request, context }, "contact", {});
}

async function handleEnquiry(
  { request, context }: Omit<ActionArgs, "params">,
  kind: EnquiryKind,
  about: Pick<EnquiryInput, "listingPath" | "shortlist">,
) {
  const { db, env, clientIp, enquiries, outbox, settings } = context.get(servicesContext);
  const { enquiryRateLimit, enquiryRateWindowMinutes } = await settings.current();
  const outcome = await submitEnquiry(
    {
      db,
      limiter: enquiries.limiter,
      limits: { limit: enquiryRateLimit, windowSeconds: enquiryRateWindowMinutes * 60 },
      turnstile: enquiries.turnstile,
      // The visitor hears "sent" only if the team's notification went out while they waited.
      deliver: (outboxId) => outbox.deliverSoon(outboxId, env.ENQUIRY_SEND_WAIT_SECONDS * 1000),
    },
    {
      kind,
      formData: await request.formData(),
      clientIp: resolveClientIp(clientIp),
      userAgent: request.headers.get("user-agent") ?? "",
      requestHostname: new URL(request.url).hostname,
      ...about,
    },
  );
  return toResponse(outcome, request);
}

/**
 * The `headers` export of every route whose action takes an enquiry. React Router sends an action's own headers
 * (no-store, and Retry-After on a 429) on a document POST only through this export; otherwise the loader's.
 */
export function enquiryRouteHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) {
  const headers = new Headers();
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/**
 * Where a plain form post (no JavaScript) that succeeded is sent: its own page, saying how it went. Post, redirect,
 * get: reloading the page cannot post the form again, the post is answered without rendering a page, and the page it
 * leads to holds nothing of the visitor's, so the page cache may keep it. With JavaScript the post goes to the
 * route's data address (`.data`, visible to actions with the v8_passThroughRequests flag) and gets data instead.
 */
function successLocation(request: Request, delivery: "sent" | "received"): string | undefined {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return undefined;
  url.searchParams.set(ENQUIRY_OUTCOME_PARAM, delivery);
  return `${url.pathname}${url.search}`;
}

function toResponse(outcome: EnquiryOutcome, request: Request) {
  if (outcome.status === "success") {
    const location = successLocation(request, outcome.delivery);
    if (location) return redirect(location, { status: 303, headers: { "Cache-Control": "no-store" } });
    const payload: EnquiryActionData = { status: "success", delivery: outcome.delivery, result: outcome.result };
    return data(payload, { headers: { "Cache-Control": "no-store" } });
  }
  const payload: EnquiryActionData = { status: "error", result: outcome.result };
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (outcome.retryAfterSeconds) headers["Retry-After"] = String(outcome.retryAfterSeconds);
  return data(payload, { status: HTTP_STATUS[outcome.reason], headers });
}
