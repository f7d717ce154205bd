import type { Category } from "./categories";
import { formatPrice } from "./listing-price";
import { listingPath } from "./listing-slug";
import { PUBLIC_BADGES } from "./listing-status";
import type { ListingDetailData, Specification } from "./listing-views";
import { FINAL_AMOUNT_NOTE, formatMoney, priceView, ratesTimeLabel, type RatesSnapshot } from "./price-conversion";
import { whatsappLink } from "./contact-links";
import type { PublicSettings } from "./site-settings";

/**
 * What a listing's printed brochure says, decided once here (pure, testable without drawing a PDF): the same
 * price rules as the detail page (docs/decisions/0024), the same contact details as its seller card, and the
 * listing's own address for the QR code. services/brochure/ draws it; docs/decisions/0028-listing-brochure.md.
 */
export type BrochurePrice =
  | { kind: "on-request"; text: string }
  | { kind: "sold" }
  | { kind: "priced"; main: string; equivalents: string[]; ratesLabel: string | null; stale: boolean; note: string };

export type BrochureContact = { label: string; value: string; link?: string };

export type BrochureContent = {
  siteName: string;
  /** "Real Estate", over the title. */
  eyebrow: string;
  title: string;
  /** "Dubai, UAE · 2024" */
  place: string;
  /** "Under Offer" or "Sold"; null for a Published listing. */
  badge: string | null;
  price: BrochurePrice;
  specificationsHeading: string;
  specifications: Specification[];
  features: string[];
  /** As staff wrote it: line breaks are kept. */
  description: string;
  contact: BrochureContact[];
  /** The listing's canonical address: the QR code and the link under it. */
  url: string;
  /** "villa-azure-brochure.pdf" */
  filename: string;
  /** The PDF's document information (title, subject). */
  documentTitle: string;
};

/**
 * The price as the brochure prints it. A brochure is forwarded and printed, so it is always in the listing's own
 * currency (never the reader's cookie), with the coin equivalents and the rates' time when rates exist; like the
 * detail page, a sold listing shows no price, and no rates means no equivalents (never a zero or a guess).
 */
export function brochurePrice(listing: Pick<ListingDetailData, "price" | "status">, rates: RatesSnapshot): BrochurePrice {
  if (listing.status === "sold") return { kind: "sold" };
  if (!listing.price) return { kind: "on-request", text: formatPrice(listing.price) };
  const view = priceView(listing.price, null, rates);
  const shown = rates && view.equivalents.length > 0;
  return {
    kind: "priced",
    main: formatMoney(view.main),
    equivalents: shown ? view.equivalents.map(formatMoney) : [],
    ratesLabel: shown ? capitalised(ratesTimeLabel(rates)) : null,
    stale: Boolean(shown && rates.stale),
    note: FINAL_AMOUNT_NOTE,
  };
}

/** The seller card's facts and its Call / WhatsApp numbers, from the site's Settings; numbers only when set. */
export function brochureContact(settings: PublicSettings, listingUrl: string): BrochureContact[] {
  const contact: BrochureContact[] = [{ label: "E-mail", value: settings.contactEmail, link: `mailto:${settings.contactEmail}` }];
  if (settings.phone) contact.push({ label: "Telephone", value: settings.phone, link: `tel:${settings.phone.replace(/[^\d+]/g, "")}` });
  const whatsapp = settings.whatsapp ? whatsappLink(settings.whatsapp) : null;
  if (settings.whatsapp && whatsapp) contact.push({ label: "WhatsApp", value: settings.whatsapp, link: whatsapp });
  contact.push({ label: "Hours", value: settings.workingHours });
  contact.push({ label: "Enquire", value: listingUrl.replace(/^https?:\/\//, ""), link: `${listingUrl}#enquiry` });
  return contact;
}

export function brochureContent({
  listing,
  category,
  rates,
  settings,
  siteUrl,
}: {
  listing: ListingDetailData;
  category: Pick<Category, "name" | "detailHeading">;
  rates: RatesSnapshot;
  settings: PublicSettings;
  siteUrl: string;
}): BrochureContent {
  const url = `${siteUrl}${listingPath(listing)}`;
  return {
    siteName: settings.siteName,
    eyebrow: category.name,
    title: listing.title,
    place: [listing.location, listing.year ? String(listing.year) : ""].filter(Boolean).join(" · "),
    badge: PUBLIC_BADGES[listing.status] ?? null,
    price: brochurePrice(listing, rates),
    specificationsHeading: category.detailHeading,
    specifications: listing.specifications,
    features: listing.features,
    description: listing.description.replace(/\r\n?/g, "\n").trim(),
    contact: brochureContact(settings, url),
    url,
    filename: brochureFilename(listing.slug),
    documentTitle: `${listing.title} | ${settings.siteName}`,
  };
}

/** The file a browser saves: the listing's slug (lower-case letters, digits and hyphens only: safe in a header). */
export function brochureFilename(slug: string): string {
  return `${slug}-brochure.pdf`;
}

/** Where the detail page's "Download brochure" points. */
export function brochurePath(listing: { category: string; slug: string }): string {
  return `${listingPath(listing)}/brochure.pdf`;
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
