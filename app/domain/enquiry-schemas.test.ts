import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "./categories";
import {
  contactSchema,
  defaultEnquiryMessage,
  interestFromPath,
  LIMITS,
  listingEnquirySchemaFor,
  newSubmissionId,
  shortlistEnquirySchema,
  splitName,
} from "./enquiry-schemas";

const ID = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}

/** Field errors the way the form shows them (Conform's parse, as on both sides). */
function errors(
  schema: ReturnType<typeof contactSchema> | ReturnType<typeof listingEnquirySchemaFor> | ReturnType<typeof shortlistEnquirySchema>,
  values: Record<string, string>,
) {
  const submission = parseWithZod(form(values), { schema });
  return submission.status === "success" ? {} : (submission.error ?? {});
}

const validContact = { name: "Ada Lovelace", email: "ada@example.com", phone: "", interest: "Cars", message: "Hello", submission_id: ID };
const validEnquiry = { name: "Ada Lovelace", email: "ada@example.com", phone: "", message: "Hello", submission_id: ID };

describe("contact form schema", () => {
  it("accepts a complete form and leaves an empty phone out", () => {
    const submission = parseWithZod(form(validContact), { schema: contactSchema() });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual({ ...validContact, phone: undefined });
  });

  it("requires the name, e-mail, interest and message with the spec's messages", () => {
    expect(errors(contactSchema(), { submission_id: ID })).toEqual({
      name: ["Name is required."],
      email: ["Email is required."],
      interest: ["Please select an area of interest."],
      message: ["Message is required."],
    });
  });

  it("treats whitespace-only answers as missing", () => {
    expect(errors(contactSchema(), { ...validContact, name: "   ", message: "\n  " })).toEqual({
      name: ["Name is required."],
      message: ["Message is required."],
    });
  });

  // The audit's case: name=%E2%80%8B%E2%80%8B was accepted (303) by /contact and by the detail pages.
  it.each([
    ["zero-width spaces", "\u200B\u200B"],
    ["joiners, a word joiner and a byte order mark", "\u200C\u200D\u2060\uFEFF"],
    ["direction marks and spaces", " \u200E \u200F "],
    ["control characters", "\u0000\u0007"],
  ])("treats a name and a message of %s as missing", (_, invisible) => {
    expect(errors(contactSchema(), { ...validContact, name: invisible, message: invisible })).toEqual({
      name: ["Name is required."],
      message: ["Message is required."],
    });
    expect(errors(contactSchema(), { ...validContact, email: invisible })).toEqual({ email: ["Email is required."] });
  });

  it("keeps zero-width joiners inside a name as they are", () => {
    // Persian (ZWNJ) and Sinhala (ZWJ) spellings need them.
    for (const name of ["Ali Mohammad\u200Cpour", "\u0DC1\u0DCA\u200D\u0DBB\u0DD3"]) {
      const submission = parseWithZod(form({ ...validContact, name }), { schema: contactSchema() });
      expect(submission.status, name).toBe("success");
      if (submission.status === "success") expect(submission.value.name).toBe(name);
    }
  });

  it.each([
    "ada",
    "ada@",
    "@example.com",
    "ada@example",
    "ada@example.c",
    "ada@exa mple.com",
    "ada@example.c0m",
    "</script><script>alert(1)</script>@example.com",
    '"><img/src=x/onerror=alert(1)>@example.com',
  ])("rejects the e-mail %j", (email) => {
    expect(errors(contactSchema(), { ...validContact, email })).toEqual({ email: ["Please enter a valid email address."] });
  });

  it.each(["ada@example.com", "a.b+c@mail.example.co.uk", "x@y.io"])("accepts the e-mail %j", (email) => {
    expect(errors(contactSchema(), { ...validContact, email })).toEqual({});
  });

  // A domain in another script is accepted on every enquiry form and kept in its ASCII form, the way Chrome sends it,
  // so an address is stored one way whichever browser sent it and goes out as a mail server expects it.
  it.each([
    ["jose@bücher.de", "jose@xn--bcher-kva.de"],
    ["jose@xn--bcher-kva.de", "jose@xn--bcher-kva.de"],
    ["yamada@例え.jp", "yamada@xn--r8jz45g.jp"],
  ])("accepts the e-mail %j and keeps it as %j", (email, stored) => {
    for (const schema of [contactSchema(), listingEnquirySchemaFor(), shortlistEnquirySchema()]) {
      const submission = parseWithZod(form({ ...validContact, email }), { schema });
      expect(submission.status).toBe("success");
      if (submission.status === "success") expect(submission.value.email).toBe(stored);
    }
  });

  it.each(["山田@例え.jp", "josé@example.com", "müller@bücher.de"])("refuses the e-mail %j with a message that says what is wrong", (email) => {
    const message = "We can't deliver email to an address with accented or non-Latin letters before the @. Please use another address.";
    expect(errors(contactSchema(), { ...validContact, email })).toEqual({ email: [message] });
    expect(errors(listingEnquirySchemaFor(), { ...validEnquiry, email })).toEqual({ email: [message] });
  });

  it.each(["12345", "123456789", "+44 207 94", "phone 1234567890", "(020) 7946 0958", "++441234567890"])("rejects the phone %j", (phone) => {
    expect(errors(contactSchema(), { ...validContact, phone })).toEqual({ phone: ["Please enter a valid phone number."] });
  });

  it.each(["1234567890", "+44 20 7946 0958", "+91-98765-43210", "0 1 2 3 4 5 6 7 8 9"])("accepts the phone %j", (phone) => {
    expect(errors(contactSchema(), { ...validContact, phone })).toEqual({});
  });

  it("accepts only the five areas of interest (Private Jets is sent as Jets)", () => {
    for (const interest of ["Real Estate", "Cars", "Metals", "Yachts", "Jets"]) {
      expect(errors(contactSchema(), { ...validContact, interest })).toEqual({});
    }
    expect(errors(contactSchema(), { ...validContact, interest: "Private Jets" })).toEqual({ interest: ["Please select an area of interest."] });
    expect(errors(contactSchema(), { ...validContact, interest: "General" })).toEqual({ interest: ["Please select an area of interest."] });
  });

  it("limits every field's length with a clear message", () => {
    expect(
      errors(contactSchema(), {
        ...validContact,
        name: "n".repeat(LIMITS.name + 1),
        email: `${"e".repeat(LIMITS.email)}@example.com`,
        phone: "1".repeat(LIMITS.phone + 1),
        message: "m".repeat(LIMITS.message + 1),
      }),
    ).toEqual({
      name: ["Name must be 100 characters or fewer."],
      email: ["Email must be 254 characters or fewer."],
      phone: ["Phone must be 30 characters or fewer."],
      message: ["Message must be 5000 characters or fewer."],
    });
    expect(errors(contactSchema(), { ...validContact, name: "n".repeat(LIMITS.name), message: "m".repeat(LIMITS.message) })).toEqual({});
  });

  it("refuses line breaks in values that reach e-mail headers", () => {
    expect(errors(contactSchema(), { ...validContact, name: "Eve\r\nBcc: victim@example.com" })).toEqual({
      name: ["Name must be on a single line."],
    });
    expect(errors(contactSchema(), { ...validContact, email: "eve@example.com\nBcc: victim@example.com" })).toEqual({
      email: ["Please enter a valid email address."],
    });
  });

  it("needs a well-formed submission id", () => {
    expect(errors(contactSchema(), { ...validContact, submission_id: "" })).toEqual({
      submission_id: ["This form has expired. Please reload the page and try again."],
    });
    expect(errors(contactSchema(), { ...validContact, submission_id: "not-a-uuid" })).toEqual({
      submission_id: ["This form has expired. Please reload the page and try again."],
    });
  });
});

describe("building the schemas", () => {
  it("builds each form's schema once, when it is first asked for, and hands out the same one after", () => {
    expect(contactSchema()).toBe(contactSchema());
    expect(listingEnquirySchemaFor(["information", "viewing"])).toBe(listingEnquirySchemaFor(["information", "viewing"]));
    expect(listingEnquirySchemaFor(["information", "viewing"])).not.toBe(listingEnquirySchemaFor(["information", "offer"]));
  });
});

describe("detail enquiry schema", () => {
  it("accepts a complete form with or without a phone, in any format", () => {
    expect(errors(listingEnquirySchemaFor(), validEnquiry)).toEqual({});
    expect(errors(listingEnquirySchemaFor(), { ...validEnquiry, phone: "ext. 42" })).toEqual({});
  });

  it("requires the name, e-mail and message", () => {
    expect(errors(listingEnquirySchemaFor(), { submission_id: ID })).toEqual({
      name: ["Name is required."],
      email: ["Email is required."],
      message: ["Message is required."],
    });
  });

  it("treats a name or message with nothing visible in it as missing, in every category's form and the shortlist's", () => {
    const schemas = [listingEnquirySchemaFor(), ...Object.values(CATEGORIES).map((category) => listingEnquirySchemaFor(category.enquiryIntents))];
    for (const schema of [...schemas, shortlistEnquirySchema()]) {
      expect(errors(schema, { ...validEnquiry, name: "\u200B\u200B", message: "\u200B \uFEFF\n\u2060" })).toEqual({
        name: ["Name is required."],
        message: ["Message is required."],
      });
      expect(errors(schema, { ...validEnquiry, name: "Zo\u200Be" })).toEqual({});
    }
  });

  it("checks the e-mail format and every length", () => {
    expect(errors(listingEnquirySchemaFor(), { ...validEnquiry, email: "ada@example" })).toEqual({ email: ["Please enter a valid email address."] });
    expect(errors(listingEnquirySchemaFor(), { ...validEnquiry, phone: "1".repeat(31), message: "m".repeat(5001) })).toEqual({
      phone: ["Phone must be 30 characters or fewer."],
      message: ["Message must be 5000 characters or fewer."],
    });
  });

  it("accepts only the next steps the listing's category offers, from one schema per set of steps", () => {
    const boats = listingEnquirySchemaFor(CATEGORIES.yachts.enquiryIntents);
    const cars = listingEnquirySchemaFor(CATEGORIES.cars.enquiryIntents);
    expect(errors(boats, { ...validEnquiry, intent: "sea-trial" })).toEqual({});
    expect(Object.keys(errors(cars, { ...validEnquiry, intent: "sea-trial" }))).toEqual(["intent"]);
    expect(errors(cars, { ...validEnquiry, intent: "test-drive" })).toEqual({});
    // Made once per set and reused: each new schema is compiled again on its first use.
    expect(listingEnquirySchemaFor([...CATEGORIES.cars.enquiryIntents])).toBe(cars);
  });
});

describe("enquiry helpers", () => {
  it("pre-fills the detail message with the listing title", () => {
    expect(defaultEnquiryMessage("Bugatti Chiron")).toBe("I would like more information about Bugatti Chiron");
  });

  it.each([
    ["/real-estate/nad-al-sheba-villa", "Real Estate"],
    ["/cars/bugatti-chiron", "Cars"],
    ["/metals/premium-gold", "Metals"],
    ["/yachts/spitfire", "Yachts"],
    ["/jets/g650", "Jets"],
    ["/contact", "General"],
    ["/", "General"],
  ])("derives the interest of %s as %s", (path, interest) => {
    expect(interestFromPath(path)).toBe(interest);
  });

  it("splits a name into the first word and the rest", () => {
    expect(splitName("  Ada   King Lovelace ")).toEqual({ firstName: "Ada", lastName: "King Lovelace" });
    expect(splitName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
  });

  it("makes version 4 UUIDs", () => {
    const ids = new Set(Array.from({ length: 50 }, newSubmissionId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
