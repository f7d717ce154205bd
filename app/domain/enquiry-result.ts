import type { SubmissionResult } from "@conform-to/react";

/**
 * What an enquiry action answers, to the fetcher (JavaScript on) or as the page's action data (off).
 * `delivery` says whether the team's notification went out at once ("sent") or the enquiry is stored and
 * its e-mail is on its way ("received": a mail outage, a slow server, no mail transport).
 */
export type EnquiryActionData =
  { status: "success"; delivery: "sent" | "received"; result: SubmissionResult<string[]> } | { status: "error"; result: SubmissionResult<string[]> };

/** The spec's success words: only when the e-mail to the team went out while the visitor waited. */
export const SUCCESS_MESSAGE = "Your message has been sent successfully. We'll get back to you soon.";
/** Stored safely but not yet e-mailed: true, and still reassuring. */
export const RECEIVED_MESSAGE = "Thank you, your message has been received and will reach our team shortly. We'll get back to you soon.";

/**
 * A form posted without JavaScript that succeeded is answered with a redirect back to its page, which carries the
 * outcome in this query parameter (the page then shows the success words): see enquiry-action.server.ts.
 */
export const ENQUIRY_OUTCOME_PARAM = "enquiry";

/** The answer a page's address carries after a plain form post succeeded, or undefined. */
export function answerFromOutcomeParam(value: string | null): EnquiryActionData | undefined {
  if (value !== "sent" && value !== "received") return undefined;
  return { status: "success", delivery: value, result: { status: "success" } };
}

export function successMessage(answer: { delivery: "sent" | "received" }): string {
  return answer.delivery === "sent" ? SUCCESS_MESSAGE : RECEIVED_MESSAGE;
}
export const CONTACT_FAILURE_MESSAGE = "There was an error sending your message. Please check the form and try again.";
export const LISTING_FAILURE_MESSAGE = "There was an error sending your message. Please try again later.";

/**
 * A listing form's failure words. "Try again later" is for a send that failed; an answer naming fields (the server's
 * own check, as a form posted without JavaScript gets it) asks the visitor to look at the form instead, as the
 * Contact page's words do: later would fail the same way.
 */
export function listingFailureMessage(result: SubmissionResult<string[]>): string {
  const namesAField = Object.entries(result.error ?? {}).some(([field, errors]) => field !== "" && field !== "submission_id" && errors?.length);
  return namesAField ? CONTACT_FAILURE_MESSAGE : LISTING_FAILURE_MESSAGE;
}
