import { describe, expect, it } from "vitest";
import { z } from "zod";
import { StaffAccountSchema } from "#app/services/auth-admin.server";
import { noteFormSchema, replyFormSchema } from "./enquiry-admin-forms";
import { listingFormSchema } from "./listing-editor";
import { hasVisibleText, requiredText } from "./required-text";
import { siteSettingsSchema } from "./site-settings";
import { setupSchema } from "./staff-auth-forms";
import { acceptInvitationSchema } from "./staff-forms";

/** Values a person sees as empty, though `trim()` leaves something in most of them. */
const INVISIBLE: [string, string][] = [
  ["nothing", ""],
  ["spaces, tabs and line breaks", " \t\r\n "],
  ["zero-width spaces", "\u200B\u200B"],
  ["a zero-width non-joiner and joiner", "\u200C\u200D"],
  ["a word joiner", "\u2060"],
  ["a byte order mark", "\uFEFF"],
  ["direction marks and isolates", "\u200E\u200F\u202A\u202E\u2066\u2069"],
  ["a soft hyphen", "\u00AD"],
  ["control characters", "\u0000\u0007\u001B\u007F\u0085"],
  ["a no-break, an ideographic and a line-separator space", "\u00A0\u3000\u2028"],
  ["Hangul fillers, a combining grapheme joiner and a variation selector", "\u3164\uFFA0\u034F\uFE0F"],
  ["a blank Braille pattern", "\u2800"],
  ["tag characters", "\u{E0020}\u{E007F}"],
  ["a mixture", " \u200B\n\uFEFF\u2060\u200D "],
];

const VISIBLE: [string, string][] = [
  ["plain text", "Ada"],
  ["one character", "a"],
  ["a name with a zero-width non-joiner (Persian)", "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645"],
  ["a name with a zero-width joiner (Sinhala)", "\u0DC1\u0DCA\u200D\u0DBB\u0DD3"],
  ["an emoji sequence", "\u{1F469}\u200D\u{1F4BB}"],
  ["a visible character between zero-width spaces", "\u200BA\u200B"],
  ["digits", "42"],
  ["punctuation", "."],
];

describe("hasVisibleText", () => {
  it.each(INVISIBLE)("finds nothing visible in %s", (_, value) => {
    expect(hasVisibleText(value)).toBe(false);
  });

  it.each(VISIBLE)("finds %s visible", (_, value) => {
    expect(hasVisibleText(value)).toBe(true);
  });
});

describe("requiredText", () => {
  const field = requiredText("Enter a name.").max(10, "Too long.");

  it.each(INVISIBLE)("answers %s with the field's own message, once", (_, value) => {
    const result = field.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Enter a name."]);
  });

  it("says the same when the field is missing (Conform sends an empty field as undefined)", () => {
    expect(field.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual(["Enter a name."]);
  });

  it("trims the ends and keeps invisible characters inside the text", () => {
    expect(field.parse("  Ali\u200Cpour \n")).toBe("Ali\u200Cpour");
    expect(field.parse("\u0DC1\u0DCA\u200D\u0DBB\u0DD3")).toBe("\u0DC1\u0DCA\u200D\u0DBB\u0DD3");
  });

  it("runs the checks chained after it on visible text", () => {
    expect(field.safeParse("a".repeat(11)).error?.issues.map((issue) => issue.message)).toEqual(["Too long."]);
  });

  it("empties a value with nothing visible before the length checks, however long it is", () => {
    expect(field.safeParse("\u200B".repeat(200)).error?.issues.map((issue) => issue.message)).toEqual(["Enter a name."]);
  });

  it("skips the field's refinements on an empty value, as for a missing field", () => {
    const line = requiredText("Enter a line.").refine((value) => value.includes("@"), "Not an address.");
    expect(line.safeParse("\u200B").error?.issues.map((issue) => issue.message)).toEqual(["Enter a line."]);
    expect(line.safeParse("x").error?.issues.map((issue) => issue.message)).toEqual(["Not an address."]);
  });

  it("checks a minimum length only on text that is there", () => {
    const title = requiredText("Enter a title.", { length: 3, message: "Use at least 3 characters." });
    expect(title.safeParse("\u200B\u200B\u200B").error?.issues.map((issue) => issue.message)).toEqual(["Enter a title."]);
    expect(title.safeParse("ab").error?.issues.map((issue) => issue.message)).toEqual(["Use at least 3 characters."]);
    expect(title.parse("abc")).toBe("abc");
  });

  it("leaves a form's rules across fields running when a field is empty", () => {
    const form = z
      .object({ name: requiredText("Enter a name."), year: z.number() })
      .superRefine((value, context) => context.addIssue({ code: "custom", path: ["year"], message: "Too late." }), { when: () => true });
    expect(form.safeParse({ name: "\u200B", year: 3000 }).error?.issues.map((issue) => issue.message)).toEqual(["Enter a name.", "Too late."]);
  });
});

/** Every required free-text field of the site's forms, with its "missing" message. */
const REQUIRED_FIELDS: [string, z.ZodType, string][] = [
  ["settings: company name", siteSettingsSchema.shape.companyName, "Enter the company name."],
  ["settings: country", siteSettingsSchema.shape.companyCountry, "Enter the country."],
  ["settings: working hours", siteSettingsSchema.shape.workingHours, "Enter the working hours."],
  ["settings: public contact e-mail", siteSettingsSchema.shape.contactEmail, "Enter the public contact e-mail."],
  ["settings: enquiry mailbox", siteSettingsSchema.shape.enquiryMailbox, "Enter the enquiry mailbox."],
  ["enquiry: note", noteFormSchema.shape.body, "Write the note first."],
  ["enquiry: reply", replyFormSchema.shape.body, "Write your reply first."],
  ["set-up: name", setupSchema.shape.name, "Enter a name."],
  ["invitation: name", acceptInvitationSchema.shape.name, "Enter your name."],
  // The listing form ends in a transform: its fields are those of the object it starts from.
  ["listing: title", listingFormSchema.in.shape.title, "Enter a title."],
  ["listing: location", listingFormSchema.in.shape.location, "Enter the location."],
  ["create-admin: name", StaffAccountSchema.shape.name, "Enter a name."],
];

describe("every required free-text field", () => {
  it.each(REQUIRED_FIELDS)("%s: a value with nothing visible in it is missing", (_, schema, message) => {
    for (const [, value] of INVISIBLE.filter(([, value]) => value !== "")) {
      const result = schema.safeParse(value);
      expect(
        result.error?.issues.map((issue) => issue.message),
        JSON.stringify(value),
      ).toEqual([message]);
    }
  });
});
