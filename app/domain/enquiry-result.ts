import type { SubmissionResult } from "@conform-to/react";

/** What an enquiry action answers, to the fetcher (JavaScript on) or as the page's action data (off). */
export type EnquiryActionData = { status: "success" | "error"; result: SubmissionResult<string[]> };

export const SUCCESS_MESSAGE = "Your message has been sent successfully. We'll get back to you soon.";
export const CONTACT_FAILURE_MESSAGE = "There was an error sending your message. Please check the form and try again.";
export const LISTING_FAILURE_MESSAGE = "There was an error sending your message. Please try again later.";
