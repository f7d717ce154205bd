import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Database } from "#app/db/client.server";
import {
  contactSchema,
  HONEYPOT_FIELD,
  interestFromPath,
  listingEnquirySchema,
  NOT_PROVIDED,
  splitName,
  TURNSTILE_ACTIONS,
  type ContactValues,
  type EnquiryKind,
  type ListingEnquiryValues,
} from "#app/domain/enquiry-schemas";
import { findStoredForm, storeSubmission, type NewSubmission } from "#app/models/submissions.server";
import { TURNSTILE_FIELD, verifyTurnstile, type TurnstileConfig } from "./captcha.server";
import { logger } from "./logger.server";
import type { DeliveryOutcome } from "./mail/outbox-worker.server";
import type { RateLimiter } from "./rate-limit.server";

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
  /** Detail enquiries: the listing's path, e.g. /cars/bugatti-chiron. */
  listingPath?: string;
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
      return `You have sent several messages in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} before sending another.`;
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
  const schema = input.kind === "contact" ? contactSchema : listingEnquirySchema;
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
    logger.warn({ ip: input.clientIp, kind: input.kind }, "enquiry rejected: honeypot filled");
    return reject("bot");
  }
  // The same form posted again (a reload without JavaScript, a retry after a lost answer) was stored already:
  // answer as the first time, without a second Turnstile check (its token was single-use) or rate-limit hit.
  const stored = await findStoredForm(deps.db, value.submission_id).catch(() => null);
  if (stored) return success(submission, value.submission_id, true, stored.notificationSent);

  if (deps.turnstile) {
    const token = input.formData.get(TURNSTILE_FIELD);
    const check = await verifyTurnstile(deps.turnstile, {
      token: typeof token === "string" ? token : "",
      action: TURNSTILE_ACTIONS[input.kind],
      remoteIp: input.clientIp,
      requestHostname: input.requestHostname,
    });
    if (!check.ok) {
      logger.warn({ ip: input.clientIp, kind: input.kind, reason: check.reason }, "enquiry rejected: Turnstile check failed");
      return reject("bot");
    }
  }

  // The submission id is the token: concurrent posts of one form count once.
  const decision = await deps.limiter.hit(`enquiry:${input.clientIp}`, { ...deps.limits, token: value.submission_id });
  if (!decision.allowed) {
    logger.warn({ ip: input.clientIp, kind: input.kind }, "enquiry rejected: rate limit");
    return reject("rate-limit", decision.retryAfterSeconds);
  }

  let saved: Awaited<ReturnType<typeof storeSubmission>>;
  try {
    saved = await storeSubmission(deps.db, toNewSubmission(input, value));
  } catch (error) {
    logger.error({ err: error, kind: input.kind }, "enquiry could not be stored");
    return reject("unavailable");
  }
  if (saved.duplicate) return success(submission, value.submission_id, true, saved.notificationSent);
  const outcome = deps.deliver ? await deps.deliver(saved.notificationId).catch((): DeliveryOutcome => "pending") : "pending";
  return success(submission, value.submission_id, false, outcome === "sent");
}

function success(
  submission: { reply: (options: { resetForm: boolean }) => SubmissionResult<string[]> },
  submissionId: string,
  duplicate: boolean,
  sent: boolean,
): EnquiryOutcome {
  return { status: "success", result: submission.reply({ resetForm: true }), submissionId, duplicate, delivery: sent ? "sent" : "received" };
}

/**
 * The row stored for a validated form: the one place that maps form fields to the enquiry's columns, so a
 * new field (such as intent, preferred contact method and time) is added to the schema, here and in the table.
 */
function toNewSubmission(input: EnquiryInput, value: ContactValues | ListingEnquiryValues): NewSubmission {
  const { firstName, lastName } = splitName(value.name);
  return {
    submissionId: value.submission_id,
    firstName,
    lastName,
    email: value.email,
    phone: value.phone || NOT_PROVIDED,
    interest: "interest" in value ? value.interest : interestFromPath(input.listingPath ?? ""),
    message: value.message,
    listingPath: input.listingPath ?? null,
    metadata: { userAgent: input.userAgent.slice(0, 512), timestamp: new Date().toISOString() },
  };
}
