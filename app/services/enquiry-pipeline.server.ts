import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Database } from "#app/db/client.server";
import {
  contactSchema,
  HONEYPOT_FIELD,
  interestFromPath,
  listingEnquirySchemaFor,
  SHORTLIST_INTEREST,
  shortlistEnquirySchema,
  NOT_PROVIDED,
  splitName,
  TURNSTILE_ACTIONS,
  type ContactValues,
  type EnquiryKind,
  type ListingEnquiryValues,
  type ShortlistEnquiryValues,
} from "#app/domain/enquiry-schemas";
import { CATEGORIES } from "#app/domain/categories";
import { isCategoryId } from "#app/domain/category-ids";
import { findStoredForm, isSameEnquiry, ownSubmissionId, storeSubmission, type NewSubmission, type StoredForm } from "#app/models/submissions.server";
import { TURNSTILE_FIELD, verifyTurnstile, type TurnstileConfig } from "./captcha.server";
import { logger } from "./logger.server";
import { logSecurityEvent } from "./security-log.server";
import type { DeliveryOutcome } from "./mail/outbox-worker.server";
import type { RateLimiter } from "./rate-limit.server";
import { countOf } from "#app/domain/plural";

export type EnquiryDeps = {
  db: Database;
  limiter: RateLimiter;
  /** The limit in force (Settings); default: the limiter's own. */
  limits?: { limit: number; windowSeconds: number };
  /** Set when Turnstile is configured. */
  turnstile?: TurnstileConfig;
  /**
   * Called after a new enquiry is stored with its staff notification's outbox id: sends it now and says
   * whether it went out at once. Without it the enquiry counts as received, not sent.
   */
  deliver?: (outboxId: string) => Promise<DeliveryOutcome>;
};

export type EnquiryInput = {
  kind: EnquiryKind;
  formData: FormData;
  clientIp: string;
  userAgent: string;
  /** The host the request came to; Turnstile tokens must have been solved there when SITE_URL is unset. */
  requestHostname: string;
  /** Detail enquiries: the listing's path, e.g. /cars/bugatti-chiron; shortlist enquiries: the list's share path. */
  listingPath?: string;
  /** Shortlist enquiries: the listings on the list (from our catalogue, never from the form), added to the message. */
  shortlist?: readonly { title: string; url: string }[];
};

export type EnquiryFailure = "invalid" | "bot" | "rate-limit" | "unavailable";

/** "sent": the team's notification went out at once (the spec's success words); "received": stored, on its way. */
export type EnquiryDelivery = "sent" | "received";

export type EnquiryOutcome =
  | { status: "success"; result: SubmissionResult<string[]>; submissionId: string; duplicate: boolean; delivery: EnquiryDelivery }
  | { status: "error"; reason: EnquiryFailure; result: SubmissionResult<string[]>; retryAfterSeconds?: number };

/** What the visitor is told besides the spec's failure line, so they know what to do next. */
export function failureNotice(reason: EnquiryFailure, retryAfterSeconds = 0): string | undefined {
  switch (reason) {
    case "bot":
      return "We could not confirm that this message was sent by a person. Please complete the security check (it needs JavaScript) and send it again.";
    case "rate-limit": {
      const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
      return `You have sent several messages in a short time. Please wait ${countOf(minutes, "minute")} before sending another.`;
    }
    case "unavailable":
      return "Our system could not store your message just now, so nothing was sent. Please try again in a moment.";
    default:
      return undefined;
  }
}

/**
 * The one path every enquiry takes: validate, check bot protection, apply the per-IP rate limit,
 * store the enquiry and its outbox messages in one transaction, answer. Sending happens afterwards,
 * in the outbox worker, so an accepted enquiry is never lost to a mail outage.
 */
export async function submitEnquiry(deps: EnquiryDeps, input: EnquiryInput): Promise<EnquiryOutcome> {
  const schema =
    input.kind === "contact"
      ? contactSchema()
      : input.kind === "shortlist"
        ? shortlistEnquirySchema()
        : listingEnquirySchemaFor(intentsOf(input.listingPath));
  const submission = parseWithZod(input.formData, { schema });
  if (submission.status !== "success") return { status: "error", reason: "invalid", result: submission.reply() };

  const reject = (reason: EnquiryFailure, retryAfterSeconds?: number): EnquiryOutcome => ({
    status: "error",
    reason,
    retryAfterSeconds,
    result: submission.reply({ formErrors: [failureNotice(reason, retryAfterSeconds) ?? ""] }),
  });
  const value = submission.value;

  const honeypot = input.formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    // Dropped silently: the bot sees the same success a person would, so it learns nothing to adapt to;
    // nothing is stored, queued or sent, and no rate-limit slot is used.
    logSecurityEvent("honeypot", { outcome: "refused", ip: input.clientIp, kind: input.kind });
    return success(submission, value.submission_id, false, true);
  }
  // The same form posted again (a reload without JavaScript, a retry after a lost answer) was stored already:
  // answer as the first time. A different enquiry under a known id came from a page a cache gave more than one
  // visitor (or one visitor twice): it is new, and is stored under an id of its own (models/submissions.server.ts,
  // StoredForm). Storing tells both apart (below); only a Turnstile check must know first, as its token is single-use.
  let enquiry = toNewSubmission(input, value);
  if (deps.turnstile) {
    const known = await findSameForm(deps.db, enquiry);
    if (known.stored) return success(submission, known.enquiry.submissionId, true, known.stored.notificationSent);
    enquiry = known.enquiry;
    const token = input.formData.get(TURNSTILE_FIELD);
    const check = await verifyTurnstile(deps.turnstile, {
      token: typeof token === "string" ? token : "",
      action: TURNSTILE_ACTIONS[input.kind],
      remoteIp: input.clientIp,
      requestHostname: input.requestHostname,
    });
    if (!check.ok) {
      logSecurityEvent("turnstile-failed", { outcome: "refused", ip: input.clientIp, kind: input.kind, reason: check.reason });
      return reject("bot");
    }
  }

  // Counted by what the form says under its id: concurrent posts and reloads of one form count once, and different
  // enquiries sent under one shared id count apart.
  const decision = await deps.limiter.hit(`enquiry:${input.clientIp}`, { ...deps.limits, token: ownSubmissionId(enquiry) });
  if (!decision.allowed) {
    // A form stored before the limit was reached is still answered as the first time.
    const known = await findSameForm(deps.db, enquiry);
    if (known.stored) return success(submission, known.enquiry.submissionId, true, known.stored.notificationSent);
    logSecurityEvent("enquiry-rate-limited", { outcome: "refused", ip: input.clientIp, kind: input.kind });
    return reject("rate-limit", decision.retryAfterSeconds);
  }

  let saved: Awaited<ReturnType<typeof storeSubmission>>;
  try {
    saved = await storeSubmission(deps.db, enquiry);
    // Two different enquiries posted at the same moment under one shared id: the second is stored under its own.
    if (saved.duplicate && !isSameEnquiry(saved, enquiry)) {
      enquiry = { ...enquiry, submissionId: ownSubmissionId(enquiry) };
      saved = await storeSubmission(deps.db, enquiry);
    }
  } catch (error) {
    logger.error({ err: error, kind: input.kind }, "enquiry could not be stored");
    return reject("unavailable");
  }
  if (saved.duplicate) return success(submission, enquiry.submissionId, true, saved.notificationSent);
  const outcome = deps.deliver ? await deps.deliver(saved.notificationId).catch((): DeliveryOutcome => "pending") : "pending";
  return success(submission, enquiry.submissionId, false, outcome === "sent");
}

/**
 * This form as stored already, under its own id or, when that id holds a different enquiry, under the id derived
 * for it (`enquiry` is then that one); `stored` is null when it is new. A database fault reads as new: storing it
 * then answers for the fault.
 */
async function findSameForm(db: Database, posted: NewSubmission): Promise<{ enquiry: NewSubmission; stored: StoredForm | null }> {
  let enquiry = posted;
  let stored = await findStoredForm(db, enquiry.submissionId).catch(() => null);
  if (stored && !isSameEnquiry(stored, enquiry)) {
    enquiry = { ...enquiry, submissionId: ownSubmissionId(enquiry) };
    stored = await findStoredForm(db, enquiry.submissionId).catch(() => null);
  }
  return { enquiry, stored };
}

function success(
  submission: { reply: (options: { resetForm: boolean }) => SubmissionResult<string[]> },
  submissionId: string,
  duplicate: boolean,
  sent: boolean,
): EnquiryOutcome {
  return { status: "success", result: submission.reply({ resetForm: true }), submissionId, duplicate, delivery: sent ? "sent" : "received" };
}

/** The visitor's words, then the listings they ask about, each with its address, for staff to read in one place. */
function withShortlist(message: string, shortlist: readonly { title: string; url: string }[]): string {
  const lines = shortlist.map((listing) => `- ${listing.title}: ${listing.url}`);
  return [message, "", `Listings on the shortlist (${shortlist.length}):`, ...lines].join("\n");
}

/** The next steps a listing's category offers (its path's first segment); every step when it names none. */
function intentsOf(listingPath: string | undefined) {
  const segment = listingPath?.split("/")[1] ?? "";
  return isCategoryId(segment) ? CATEGORIES[segment].enquiryIntents : undefined;
}

/**
 * The row stored for a validated form: the one place that maps form fields to the enquiry's columns, so a
 * new field (such as intent, preferred contact method and time) is added to the schema, here and in the table.
 */
function toNewSubmission(input: EnquiryInput, value: ContactValues | ListingEnquiryValues | ShortlistEnquiryValues): NewSubmission {
  const { firstName, lastName } = splitName(value.name);
  return {
    submissionId: value.submission_id,
    firstName,
    lastName,
    email: value.email,
    phone: value.phone || NOT_PROVIDED,
    interest: "interest" in value ? value.interest : input.kind === "shortlist" ? SHORTLIST_INTEREST : interestFromPath(input.listingPath ?? ""),
    message: input.shortlist ? withShortlist(value.message, input.shortlist) : value.message,
    listingPath: input.listingPath ?? null,
    // Only detail enquiries ask for a next step and a way to be reached.
    intent: "intent" in value ? value.intent : null,
    contactMethod: "contact_method" in value ? value.contact_method : null,
    contactTime: "contact_time" in value ? value.contact_time || null : null,
    metadata: { userAgent: input.userAgent.slice(0, 512), timestamp: new Date().toISOString() },
  };
}
