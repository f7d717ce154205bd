import { and, eq } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "#app/db/context";
import { listings } from "#app/db/schema";
import { isCategoryId } from "#app/domain/category-ids";
import { CATEGORIES } from "#app/domain/categories";
import type { EnquiryKind } from "#app/domain/enquiry-schemas";
import type { EnquiryActionData } from "#app/domain/enquiry-result";
import { resolveClientIp } from "./client-ip.server";
import { submitEnquiry, type EnquiryOutcome } from "./enquiry-pipeline.server";

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

const HTTP_STATUS = { invalid: 400, bot: 403, "rate-limit": 429, unavailable: 503 } as const;

/** The detail page's action: an enquiry about the listing at this URL (its interest comes from the URL). */
export async function enquiryAction({ request, context }: ActionArgs) {
  const { db } = context.get(servicesContext);
  // Single-fetch requests end in ".data"; the listing's own path is what the e-mail links to.
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "");
  const [category = "", id = ""] = path.split("/").filter(Boolean);
  const listing = isCategoryId(category)
    ? await db
        .select({ id: listings.id })
        .from(listings)
        .where(and(eq(listings.id, id), eq(listings.category, category), eq(listings.visible, true)))
        .then((rows) => rows[0])
    : undefined;
  // Same 404 payload as the detail page's loader, so its error boundary shows the category's message.
  if (!listing) throw data(isCategoryId(category) ? { message: CATEGORIES[category].notFound, category } : { message: null }, { status: 404 });
  return handleEnquiry({ request, context }, "listing", `/${category}/${id}`);
}

/** The Contact page's action: a general enquiry with the visitor's chosen area of interest. */
export function contactAction({ request, context }: Omit<ActionArgs, "params">) {
  return handleEnquiry({ request, context }, "contact");
}

async function handleEnquiry({ request, context }: Omit<ActionArgs, "params">, kind: EnquiryKind, listingPath?: string) {
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
      clientIp: resolveClientIp({ request, contextIp: clientIp, trustProxy: env.TRUST_PROXY }),
      userAgent: request.headers.get("user-agent") ?? "",
      requestHostname: new URL(request.url).hostname,
      listingPath,
    },
  );
  return toResponse(outcome);
}

function toResponse(outcome: EnquiryOutcome) {
  if (outcome.status === "success") {
    const payload: EnquiryActionData = { status: "success", delivery: outcome.delivery, result: outcome.result };
    return data(payload, { headers: { "Cache-Control": "no-store" } });
  }
  const payload: EnquiryActionData = { status: "error", result: outcome.result };
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (outcome.retryAfterSeconds) headers["Retry-After"] = String(outcome.retryAfterSeconds);
  return data(payload, { status: HTTP_STATUS[outcome.reason], headers });
}
