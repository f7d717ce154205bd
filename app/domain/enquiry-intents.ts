/**
 * The next step a buyer asks for with a listing enquiry, and how and when they would like to be reached.
 * Which steps a category offers is the category table's job (domain/categories.ts, `enquiryIntents`).
 */
export const ENQUIRY_INTENTS = {
  information: "Request more information",
  viewing: "Arrange a viewing",
  "test-drive": "Book a test drive",
  "sea-trial": "Arrange a sea trial",
  "demonstration-flight": "Arrange a demonstration flight",
  documents: "Request documents",
  offer: "Make an offer",
} as const;
export type EnquiryIntent = keyof typeof ENQUIRY_INTENTS;
export const ENQUIRY_INTENT_IDS = Object.keys(ENQUIRY_INTENTS) as [EnquiryIntent, ...EnquiryIntent[]];
/** What an enquiry asks for when the visitor chose nothing else (and what older enquiries asked for). */
export const DEFAULT_INTENT: EnquiryIntent = "information";

export const CONTACT_METHODS = { email: "E-mail", phone: "Phone", whatsapp: "WhatsApp" } as const;
export type ContactMethod = keyof typeof CONTACT_METHODS;
export const CONTACT_METHOD_IDS = Object.keys(CONTACT_METHODS) as [ContactMethod, ...ContactMethod[]];
export const DEFAULT_CONTACT_METHOD: ContactMethod = "email";

export function isEnquiryIntent(value: unknown): value is EnquiryIntent {
  return typeof value === "string" && Object.hasOwn(ENQUIRY_INTENTS, value);
}

export function isContactMethod(value: unknown): value is ContactMethod {
  return typeof value === "string" && Object.hasOwn(CONTACT_METHODS, value);
}

/** "Book a test drive", or the stored text itself when it is not one of ours (never blank for staff). */
export function intentLabel(intent: string | null | undefined): string | null {
  if (!intent) return null;
  return isEnquiryIntent(intent) ? ENQUIRY_INTENTS[intent] : intent;
}

/** "WhatsApp, weekdays after 6 pm" — how staff read the visitor's preference; null for Contact page enquiries. */
export function contactPreference(method: string | null | undefined, time: string | null | undefined): string | null {
  if (!method) return null;
  const label = isContactMethod(method) ? CONTACT_METHODS[method] : method;
  return time ? `${label}, ${time}` : label;
}
