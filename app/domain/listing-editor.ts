import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { CATEGORIES } from "./categories";
import { CATEGORY_IDS, type CategoryId } from "./category-ids";
import { MAX_PHOTOS } from "./listing-photos";
import { CURRENCIES, formatAmount, parsePriceAmount, type Price } from "./listing-price";
import { isValidSlug, MAX_SLUG_LENGTH } from "./listing-slug";
import { LISTING_STATUSES, type ListingStatus } from "./listing-status";
import type { Specification } from "./listing-views";
import { isYearLabel, yearForEditor } from "./listing-year";
import { photoAltSchema } from "./photo-alt-schema";
import { requiredText } from "./required-text";

/**
 * The listing editor's one form (/edit/listings/new and /edit/listings/:id), validated by this schema in the
 * browser (Conform) and again on the server, with one clear message per field.
 */
export const MAX_HIGHLIGHTS = 3;
export const MAX_HIGHLIGHT_LENGTH = 40;
export const MAX_FEATURES = 40;
export const MAX_FEATURE_LENGTH = 120;
export const MAX_SPECIFICATIONS = 80;
export const MAX_DESCRIPTION_LENGTH = 10_000;
export const EARLIEST_YEAR = 1800;
/** Said on a "Year" row of a category whose year has its own field (domain/listing-year.ts). */
export const YEAR_ROW_MESSAGE = "The year has its own field above (Essentials): enter it there, then rename or remove this row.";

const currentYear = () => new Date().getUTCFullYear();

/** Today as YYYY-MM-DD (UTC); a "last verified" date may not be later than tomorrow (time zones). */
function latestVerifiableDate(): string {
  return new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A rule's `when`: run it once the form is an object and none of these fields has an issue of its own. */
function whenReadable(fields: readonly string[]) {
  return {
    when: (payload: z.core.ParsePayload) =>
      typeof payload.value === "object" && payload.value !== null && !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
  };
}

const specificationRow = z.object({
  label: z.string().trim().max(60, "Keep the label under 60 characters.").optional(),
  value: z.string().trim().max(200, "Keep the value under 200 characters.").optional(),
});

export const listingFormSchema = z
  .object({
    /** The version the form was loaded at (edits only): a save from an older copy is refused. */
    version: z.number().int().min(1).optional(),
    /** Set by "Save mine anyway" after a conflict: the version the staff member chose to replace. */
    overwrite: z.number().int().min(1).optional(),
    title: requiredText("Enter a title.", { length: 3, message: "Use at least 3 characters for the title." }).max(
      160,
      "Keep the title under 160 characters.",
    ),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(MAX_SLUG_LENGTH, `Keep the web address under ${MAX_SLUG_LENGTH} characters.`)
      .refine((slug) => isValidSlug(slug), "Use lower-case letters, digits and single dashes, e.g. villa-on-the-bay.")
      .optional(),
    category: z.enum(CATEGORY_IDS, "Choose a category."),
    location: requiredText("Enter the location.", { length: 2, message: "Enter the location." }).max(200, "Keep the location under 200 characters."),
    year: z
      .number("Enter the year in digits, e.g. 2019.")
      .int("Enter the year in digits, e.g. 2019.")
      .min(EARLIEST_YEAR, `Enter a year from ${EARLIEST_YEAR} on.`)
      .optional(),
    priceMode: z.enum(["request", "amount"], "Choose a price or “Price on request”."),
    priceAmount: z.string().trim().max(40).optional(),
    priceCurrency: z.enum(CURRENCIES, "Choose the currency.").optional(),
    highlights: z
      .array(z.string().trim().max(MAX_HIGHLIGHT_LENGTH, `Keep each highlight under ${MAX_HIGHLIGHT_LENGTH} characters.`).optional())
      .optional(),
    description: z
      .string()
      .max(MAX_DESCRIPTION_LENGTH, `Keep the description under ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-US")} characters.`)
      .optional(),
    /** One feature per line. */
    features: z
      .string()
      .max(MAX_FEATURES * (MAX_FEATURE_LENGTH + 2))
      .optional(),
    specifications: z
      .array(specificationRow)
      .max(MAX_SPECIFICATIONS + 20)
      .optional(),
    lastVerifiedOn: z.iso.date("Enter the date as YYYY-MM-DD.").optional(),
    /**
     * Alt text typed on the photos and not saved with a photo's own button, by photo id (photoAltField): the main
     * save saves it too, by the same rules as that button, so pressing it never drops what was typed there.
     */
    photoAlts: z
      .record(z.uuid(), photoAltSchema)
      .refine((alts) => Object.keys(alts).length <= MAX_PHOTOS, "The form names more photos than a listing holds.")
      .optional(),
    status: z.enum(LISTING_STATUSES, "Choose a status."),
    visible: z.boolean().optional(),
    onCarousel: z.boolean().optional(),
    staffPick: z.boolean().optional(),
  })
  // Each rule across fields runs once the fields it reads are valid, whatever the others say (zod would otherwise
  // skip every rule after one unreadable value, e.g. letters in Year), so the form shows every message at once.
  .superRefine(
    (form, context) => {
      if (form.year !== undefined && CATEGORIES[form.category].hasYear && form.year > currentYear() + 2) {
        context.addIssue({ code: "custom", path: ["year"], message: `Enter a year up to ${currentYear() + 2}.` });
      }
    },
    whenReadable(["year", "category"]),
  )
  .superRefine(
    (form, context) => {
      if (form.priceMode !== "amount") return;
      const parsed = parsePriceAmount(form.priceAmount ?? "");
      if ("error" in parsed) context.addIssue({ code: "custom", path: ["priceAmount"], message: parsed.error });
      if (!form.priceCurrency) context.addIssue({ code: "custom", path: ["priceCurrency"], message: "Choose the currency." });
    },
    whenReadable(["priceMode", "priceAmount", "priceCurrency"]),
  )
  .superRefine(
    (form, context) => {
      const highlights = (form.highlights ?? []).filter(Boolean);
      if (highlights.length > MAX_HIGHLIGHTS) {
        context.addIssue({
          code: "custom",
          path: ["highlights"],
          message: `A card shows up to ${MAX_HIGHLIGHTS} highlights; remove ${highlights.length - MAX_HIGHLIGHTS}.`,
        });
      }
    },
    whenReadable(["highlights"]),
  )
  .superRefine(
    (form, context) => {
      const features = splitLines(form.features);
      if (features.length > MAX_FEATURES) context.addIssue({ code: "custom", path: ["features"], message: `List up to ${MAX_FEATURES} features.` });
      const long = features.findIndex((feature) => feature.length > MAX_FEATURE_LENGTH);
      if (long >= 0) {
        context.addIssue({
          code: "custom",
          path: ["features"],
          message: `Keep each feature under ${MAX_FEATURE_LENGTH} characters (line ${long + 1} is longer).`,
        });
      }
    },
    whenReadable(["features"]),
  )
  .superRefine(
    (form, context) => {
      const issue = (path: (string | number)[], message: string) => context.addIssue({ code: "custom", path, message });
      const seen = new Map<string, number>();
      (form.specifications ?? []).forEach((row, index) => {
        const label = row.label ?? "";
        if (!label && row.value) issue(["specifications", index, "label"], "Give this value a label.");
        if (!label || !row.value) return;
        const key = label.toLowerCase();
        if (seen.has(key)) issue(["specifications", index, "label"], `“${label}” is already listed above.`);
        seen.set(key, index);
      });
      if (kept(form.specifications).length > MAX_SPECIFICATIONS) issue(["specifications"], `List up to ${MAX_SPECIFICATIONS} specifications.`);
    },
    whenReadable(["specifications"]),
  )
  .superRefine(
    (form, context) => {
      // Asked for once: a second "Year" would be a second, possibly different, answer (listing-year.ts).
      if (!CATEGORIES[form.category].hasYear) return;
      (form.specifications ?? []).forEach((row, index) => {
        if (row.value && isYearLabel(row.label ?? "")) {
          context.addIssue({ code: "custom", path: ["specifications", index, "label"], message: YEAR_ROW_MESSAGE });
        }
      });
    },
    whenReadable(["specifications", "category"]),
  )
  .superRefine(
    (form, context) => {
      if (form.lastVerifiedOn && form.lastVerifiedOn > latestVerifiableDate()) {
        context.addIssue({ code: "custom", path: ["lastVerifiedOn"], message: "The date cannot be in the future." });
      }
    },
    whenReadable(["lastVerifiedOn"]),
  )
  .transform((form): ListingFormValues => ({
    version: form.version,
    overwrite: form.overwrite,
    title: form.title,
    slug: form.slug ?? "",
    category: form.category,
    location: form.location,
    year: CATEGORIES[form.category].hasYear ? (form.year ?? null) : null,
    price: form.priceMode === "amount" ? priceOf(form.priceAmount, form.priceCurrency) : null,
    specs: (form.highlights ?? []).filter((highlight): highlight is string => Boolean(highlight)),
    description: (form.description ?? "").replace(/\r\n/g, "\n").trimEnd(),
    features: splitLines(form.features),
    specifications: kept(form.specifications),
    lastVerifiedOn: form.lastVerifiedOn ?? null,
    status: form.status,
    visible: form.visible ?? false,
    onCarousel: form.onCarousel ?? false,
    staffPick: form.staffPick ?? false,
    photoAlts: form.photoAlts ?? {},
  }));

/** What a valid form means, ready for the model. */
export type ListingFormValues = {
  version?: number;
  overwrite?: number;
  title: string;
  /** Empty: made from the title. */
  slug: string;
  category: CategoryId;
  location: string;
  year: number | null;
  price: Price;
  specs: string[];
  description: string;
  features: string[];
  specifications: Specification[];
  lastVerifiedOn: string | null;
  status: ListingStatus;
  visible: boolean;
  onCarousel: boolean;
  staffPick: boolean;
  /** Photo id → alt text typed on it; photos no longer there are skipped (edits only: a new listing has none). */
  photoAlts: Record<string, string>;
};

/** The form field that carries a photo's typed alt text with the main save. */
export function photoAltField(photoId: string): string {
  return `photoAlts.${photoId}`;
}

function priceOf(amount: string | undefined, currency: (typeof CURRENCIES)[number] | undefined): Price {
  const parsed = parsePriceAmount(amount ?? "");
  return "amount" in parsed && currency ? { amount: parsed.amount, currency } : null;
}

function splitLines(text: string | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Rows with both a label and a value; the category's suggested labels left empty are simply not shown. */
function kept(rows: { label?: string; value?: string }[] | undefined): Specification[] {
  return (rows ?? []).filter((row) => row.label && row.value).map((row) => ({ label: row.label!, value: row.value! }));
}

/**
 * The rows the editor starts with: the listing's own, then the category's labels it does not have yet (spec
 * point 3), empty, so staff see what a listing of this kind usually states. Not "Year" where the year has its
 * own field.
 */
export function specificationRowsFor(category: CategoryId, existing: readonly Specification[]): { label: string; value: string }[] {
  const have = new Set(existing.map((row) => row.label.trim().toLowerCase()));
  const ownYear = CATEGORIES[category].hasYear;
  const suggested = CATEGORIES[category].specificationLabels.filter((label) => !have.has(label.toLowerCase()) && !(ownYear && isYearLabel(label)));
  return [...existing.map((row) => ({ label: row.label, value: row.value })), ...suggested.map((label) => ({ label, value: "" }))];
}

/** How the location is read for the Location filter, said next to the field. */
export function locationHint(category: CategoryId): string {
  return CATEGORIES[category].locationPart === "first"
    ? "Comma-separated; the first part (e.g. East Africa) is what the Location filter offers."
    : "Comma-separated, ending with the country or region (e.g. Marbella, Málaga, Spain): the Location filter offers the last part.";
}

/** The form's starting values: a listing being edited, or a new one of a category. */
export type ListingFormDefaults = {
  version?: number;
  title: string;
  slug: string;
  category: CategoryId;
  location: string;
  year?: number;
  priceMode: "request" | "amount";
  priceAmount: string;
  priceCurrency: (typeof CURRENCIES)[number];
  highlights: string[];
  description: string;
  features: string;
  specifications: { label: string; value: string }[];
  lastVerifiedOn: string;
  status: ListingStatus;
  visible: boolean;
  onCarousel: boolean;
  staffPick: boolean;
};

/** A stored listing as the editor reads it: the same fields as a valid form, at a known version. */
export type EditableListing = Omit<ListingFormValues, "version" | "overwrite" | "photoAlts"> & { version: number };

export function listingFormDefaults(listing: EditableListing | null, category: CategoryId): ListingFormDefaults {
  if (!listing) {
    return {
      title: "",
      slug: "",
      category,
      location: "",
      priceMode: "request",
      priceAmount: "",
      priceCurrency: "USD",
      highlights: ["", "", ""],
      description: "",
      features: "",
      specifications: specificationRowsFor(category, []),
      lastVerifiedOn: "",
      status: "draft",
      visible: true,
      onCarousel: false,
      staffPick: false,
    };
  }
  // One place for the year: a stored "Year" row that repeats it is not shown as a second input.
  const { year, specifications } = yearForEditor(listing.category, listing.year, listing.specifications);
  return {
    version: listing.version,
    title: listing.title,
    slug: listing.slug,
    category: listing.category,
    location: listing.location,
    year: year ?? undefined,
    priceMode: listing.price ? "amount" : "request",
    priceAmount: listing.price ? formatAmount(listing.price.amount) : "",
    priceCurrency: listing.price?.currency ?? "USD",
    highlights: [...listing.specs, "", "", ""].slice(0, Math.max(MAX_HIGHLIGHTS, listing.specs.length)),
    description: listing.description,
    features: listing.features.join("\n"),
    specifications: specificationRowsFor(listing.category, specifications),
    lastVerifiedOn: listing.lastVerifiedOn ?? "",
    status: listing.status,
    visible: listing.visible,
    onCarousel: listing.onCarousel,
    staffPick: listing.staffPick,
  };
}

/** Someone saved the listing after this form was loaded: who, when, and the version now stored. */
export type ListingConflict = { version: number; by: string | null; at: string };
/** What the editor's action answers when it does not redirect: Conform's result (with what was typed) and any conflict. */
export type ListingFormAnswer = { result: SubmissionResult<string[]>; conflict?: ListingConflict };
/** A photo change's answer; a refused one without JavaScript also names the photo and what was typed (alt text). */
export type PhotoActionAnswer = { ok: true; intent: string } | { ok: false; error: string; intent?: string; photoId?: string; alt?: string };

/** What each photo change is called when it fails ("The alt text was not saved: …"). */
export const PHOTO_ACTION_FAILED: Record<string, string> = {
  "photo-alt": "The alt text was not saved",
  "photo-cover": "The cover was not changed",
  "photo-delete": "The photo was not deleted",
  "photo-reorder": "The photo order was not saved",
};

export const CONFLICT_MESSAGE =
  "This listing was changed by someone else while you were editing it, so your changes were not saved. They are still in the form below.";
