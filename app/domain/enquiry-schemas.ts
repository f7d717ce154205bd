import { z } from "zod";
import { CATEGORIES, CATEGORY_LIST } from "./categories";
import { isCategoryId } from "./category-ids";
import { asciiEmailAddress, checkEmailAddress } from "./email-address";
import { requiredText } from "./required-text";
import { CONTACT_METHOD_IDS, DEFAULT_CONTACT_METHOD, DEFAULT_INTENT, ENQUIRY_INTENT_IDS, type EnquiryIntent } from "./enquiry-intents";

// zod probes `new Function` to speed up parsing; our CSP forbids eval, so the probe only logs a violation.
z.config({ jitless: true });

/**
 * The two enquiry forms' rules and messages (spec point 5), shared by the browser (Conform) and the
 * server action, so both sides say exactly the same thing. Conform turns empty fields into
 * `undefined`, which is why each required field's "missing" message is also its type error.
 */

export const MESSAGES = {
  nameRequired: "Name is required.",
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  emailLocalPartNotAscii: "We can't deliver email to an address with accented or non-Latin letters before the @. Please use another address.",
  phoneInvalid: "Please enter a valid phone number.",
  interestRequired: "Please select an area of interest.",
  messageRequired: "Message is required.",
  singleLine: (label: string) => `${label} must be on a single line.`,
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer.`,
  submissionId: "This form has expired. Please reload the page and try again.",
  intentInvalid: "Please choose one of the next steps offered.",
  contactMethodInvalid: "Please choose e-mail, phone or WhatsApp.",
  phoneForCall: "Please enter a phone number so we can call you.",
  phoneForWhatsApp: "Please enter your WhatsApp number.",
} as const;

/** Server-side limits; generous for people, small enough to keep abuse and e-mail size in check. */
export const LIMITS = { name: 100, email: 254, phone: 30, message: 5000, contactTime: 80 } as const;

/** An optional leading plus, then at least 10 digits, spaces or hyphens. */
export const PHONE_PATTERN = /^\+?[\d\s-]{10,}$/;
const LINE_BREAK = /[\r\n]/;

/** The Contact page's areas of interest: one per category (spec point 3), from the category table. */
export const INTEREST_OPTIONS = CATEGORY_LIST.map((category) => ({ value: category.interest, label: category.interestLabel }));
export type Interest = string;
const INTEREST_VALUES = INTEREST_OPTIONS.map((option) => option.value) as [string, ...string[]];

export const NOT_PROVIDED = "Not provided";

/**
 * Keeps what `build` returns the first time it is asked for. The schemas are built on first use, not when the module
 * loads: in the browser this module arrives with an enquiry form after the page has hydrated, and building all three
 * forms' schemas then took 4–6 ms of the main thread on a desktop CPU (some 20 ms on Lighthouse's slowed phone), in
 * the same task as the form's code; now 0.5–0.8 ms. zod v4 does real work for each field it is given. A form needs
 * its schema only when it is checked, as it is sent.
 */
function builtOnFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

const fields = builtOnFirstUse(() => {
  // Name and e-mail reach e-mail headers (Reply-To, the subject), so a line break there is refused outright.
  // A value with nothing visible in it (spaces, zero-width characters) is missing (domain/required-text.ts).
  const name = requiredText(MESSAGES.nameRequired)
    .max(LIMITS.name, MESSAGES.tooLong("Name", LIMITS.name))
    .refine((value) => !LINE_BREAK.test(value), MESSAGES.singleLine("Name"));

  const email = requiredText(MESSAGES.emailRequired)
    .max(LIMITS.email, { error: MESSAGES.tooLong("Email", LIMITS.email), abort: true })
    // Local part, at sign, domain and a top-level part of at least two letters, strictly enough that a mail
    // server never refuses the address as bad syntax (domain/email-address.ts).
    .check((payload) => {
      const check = checkEmailAddress(payload.value);
      if (check.ok) return;
      const message = check.reason === "local-part-not-ascii" ? MESSAGES.emailLocalPartNotAscii : MESSAGES.emailInvalid;
      payload.issues.push({ code: "custom", message, input: payload.value });
    })
    // A domain in another script is stored and mailed in its ASCII form (jose@bücher.de → jose@xn--bcher-kva.de).
    .overwrite(asciiEmailAddress);

  const message = requiredText(MESSAGES.messageRequired).max(LIMITS.message, MESSAGES.tooLong("Message", LIMITS.message));

  /** The idempotency key: generated when the form renders, so posting it twice stores one enquiry. */
  const submissionId = z.uuid({ error: MESSAGES.submissionId });

  const phoneLength = z
    .string()
    .trim()
    .max(LIMITS.phone, MESSAGES.tooLong("Phone", LIMITS.phone))
    .refine((value) => !LINE_BREAK.test(value), MESSAGES.singleLine("Phone"));

  /** The fields every enquiry about listings shares: who, how and when to reach them, and the message. */
  const replyFields = {
    name,
    email,
    phone: phoneLength.optional(),
    contact_method: z.enum(CONTACT_METHOD_IDS, { error: MESSAGES.contactMethodInvalid }).default(DEFAULT_CONTACT_METHOD),
    contact_time: z
      .string()
      .trim()
      .max(LIMITS.contactTime, MESSAGES.tooLong("Best time", LIMITS.contactTime))
      .refine((value) => !LINE_BREAK.test(value), MESSAGES.singleLine("Best time"))
      .optional(),
    message,
    submission_id: submissionId,
  };
  return { name, email, message, submissionId, phoneLength, replyFields };
});

/** Contact page: the phone, when given, must look like a phone number. */
export const contactSchema = builtOnFirstUse(() => {
  const { name, email, phoneLength, message, submissionId } = fields();
  return z.object({
    name,
    email,
    phone: phoneLength.regex(PHONE_PATTERN, MESSAGES.phoneInvalid).optional(),
    interest: z.enum(INTEREST_VALUES, { error: MESSAGES.interestRequired }),
    message,
    submission_id: submissionId,
  });
});
export type ContactValues = z.infer<ReturnType<typeof contactSchema>>;

/**
 * Detail page: the spec only asks for an optional phone there, so any short single-line text is accepted, unless
 * the visitor asks to be called or messaged on WhatsApp: then the number is needed. The next step is one of those
 * the listing's category offers (domain/categories.ts); none chosen means "request more information".
 */
export function listingEnquirySchemaFor(intents: readonly EnquiryIntent[] = ENQUIRY_INTENT_IDS) {
  // One schema per set of next steps, made once: zod compiles a schema on its first use, which cost the server about
  // 0.5 ms of every detail enquiry when each request made its own.
  const key = intents.join(" ");
  let schema = listingSchemas.get(key);
  if (!schema) listingSchemas.set(key, (schema = makeListingEnquirySchema(intents)));
  return schema;
}

function makeListingEnquirySchema(intents: readonly EnquiryIntent[]) {
  return z
    .object({
      ...fields().replyFields,
      intent: z.enum(intents as [EnquiryIntent, ...EnquiryIntent[]], { error: MESSAGES.intentInvalid }).default(DEFAULT_INTENT),
    })
    .superRefine(numberForCallOrWhatsApp);
}
const listingSchemas = new Map<string, ReturnType<typeof makeListingEnquirySchema>>();

/** Any category's detail form (the type of what the pipeline stores). */
export type ListingEnquiryValues = z.infer<ReturnType<typeof listingEnquirySchemaFor>>;

function numberForCallOrWhatsApp(value: { contact_method: string; phone?: string }, context: z.RefinementCtx) {
  if (value.contact_method === "email" || value.phone) return;
  context.addIssue({
    code: "custom",
    path: ["phone"],
    message: value.contact_method === "phone" ? MESSAGES.phoneForCall : MESSAGES.phoneForWhatsApp,
  });
}

/** The shortlist page: one enquiry about every listing on the list (the server adds the list to the message). */
export const shortlistEnquirySchema = builtOnFirstUse(() => z.object(fields().replyFields).superRefine(numberForCallOrWhatsApp));
export type ShortlistEnquiryValues = z.infer<ReturnType<typeof shortlistEnquirySchema>>;

/** What a shortlist enquiry is filed under in the inbox. */
export const SHORTLIST_INTEREST = "Shortlist";

/** The pre-filled message of the detail form, also what it resets to after a successful send. */
export function defaultEnquiryMessage(listingTitle: string): string {
  return `I would like more information about ${listingTitle}`;
}

/** The interest of a detail enquiry comes from the URL's first segment: Real Estate, Cars, Metals, Yachts, Jets, else General. */
export function interestFromPath(pathname: string): Interest {
  const segment = pathname.split("/").filter(Boolean)[0] ?? "";
  return isCategoryId(segment) ? CATEGORIES[segment].interest : "General";
}

/** The spec's split of a full name: first word, then the rest. */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS or localhost),
 * so plain-HTTP previews fall back to `getRandomValues`, which exists everywhere.
 */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A field people never see or fill; bots that fill every input give themselves away. */
export const HONEYPOT_FIELD = "preferred_contact_time";

/** The Turnstile action each form's token must carry, checked on the server. */
export const TURNSTILE_ACTIONS = { contact: "contact", listing: "listing-enquiry", shortlist: "shortlist-enquiry" } as const;
export type EnquiryKind = keyof typeof TURNSTILE_ACTIONS;
