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
  const { db, env, clientIp, enquiries, outbox } = context.get(servicesContext);
  const outcome = await submitEnquiry(
    { db, limiter: enquiries.limiter, turnstile: enquiries.turnstile, onStored: () => outbox.wake() },
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
  const payload: EnquiryActionData = { status: outcome.status, result: outcome.result };
  if (outcome.status === "success") return data(payload, { headers: { "Cache-Control": "no-store" } });
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (outcome.retryAfterSeconds) headers["Retry-After"] = String(outcome.retryAfterSeconds);
  return data(payload, { status: HTTP_STATUS[outcome.reason], headers });
}
