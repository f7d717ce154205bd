import type { BreadcrumbList, Car, ItemAvailability, Offer, Organization, Product, Thing, Vehicle } from "schema-dts";
import type { Category } from "./categories";
import type { ListingDetailData } from "./listing-views";
import { listingPath } from "./listing-slug";
import { specificationValue } from "./listing-rules";

/**
 * The listing page's JSON-LD for search engines: the listing as a schema.org Product of the closest specific type,
 * its Offer, the site's Organization and the BreadcrumbList. Typed with schema-dts (Google's schema.org typings),
 * so a type or property that schema.org does not have fails the type check; a test also checks the output.
 */

/** Product Types Ontology pages, the additionalType schema.org recommends where it has no class of its own. */
const PRODUCT_ONTOLOGY = "http://www.productontology.org/id/";

export type OrganizationFacts = { siteUrl: string; siteName: string; contactEmail: string; sameAs: string[] };

export function organizationId(siteUrl: string): string {
  return `${siteUrl}/#organization`;
}

export function organizationNode({ siteUrl, siteName, contactEmail, sameAs }: OrganizationFacts): Exclude<Organization, string> {
  return {
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: siteName,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/apple-touch-icon.png`,
    email: contactEmail,
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

const AVAILABILITY: Record<ListingDetailData["status"], ItemAvailability> = {
  published: "https://schema.org/InStock",
  under_offer: "https://schema.org/LimitedAvailability",
  sold: "https://schema.org/SoldOut",
  draft: "https://schema.org/Discontinued",
  archived: "https://schema.org/Discontinued",
};

function offerOf(listing: ListingDetailData, url: string, siteUrl: string): Offer {
  return {
    "@type": "Offer",
    url,
    availability: AVAILABILITY[listing.status],
    seller: { "@id": organizationId(siteUrl) },
    // "Price On Request" has no price: the Offer says only that it is offered, and by whom.
    ...(listing.price ? { price: listing.price.amount, priceCurrency: listing.price.currency } : {}),
  };
}

/** Real estate: the schema.org class named by the Property Type (House, Apartment), else Accommodation. */
function accommodationType(listing: ListingDetailData): string {
  const type = specificationValue(listing.specifications, "Property Type")?.toLowerCase() ?? "";
  if (type === "villa" || type === "house") return "https://schema.org/House";
  if (type === "apartment" || type === "penthouse") return "https://schema.org/Apartment";
  return "https://schema.org/Accommodation";
}

/**
 * The listing itself, typed by its category (the category table's `schemaType`): Car for cars, Vehicle (a Product)
 * for yachts and aircraft, Product for real estate and metals.
 */
export function listingNode(listing: ListingDetailData, category: Category, siteUrl: string, images: string[]): Product {
  const url = `${siteUrl}${listingPath(listing)}`;
  const common = {
    "@id": `${url}#listing`,
    name: listing.title,
    description: listing.description || listing.title,
    url,
    sku: listing.id,
    category: category.name,
    ...(images.length > 0 ? { image: images } : {}),
    offers: offerOf(listing, url, siteUrl),
  };
  const modelYear = listing.year ? { vehicleModelDate: String(listing.year) } : {};
  const schema = category.schemaType;
  if (schema.type === "Car") return { "@type": "Car", ...common, ...modelYear } satisfies Car;
  if (schema.type === "Vehicle")
    return { "@type": "Vehicle", additionalType: `${PRODUCT_ONTOLOGY}${schema.productOntology}`, ...common, ...modelYear } satisfies Vehicle;
  return schema.accommodationFromPropertyType
    ? { "@type": "Product", additionalType: accommodationType(listing), ...common }
    : { "@type": "Product", ...common };
}

export function breadcrumbNode(siteUrl: string, trail: { name: string; path: string }[]): Exclude<BreadcrumbList, string> {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, index) => ({ "@type": "ListItem", position: index + 1, name: step.name, item: `${siteUrl}${step.path}` })),
  };
}

export type ListingGraphInput = { listing: ListingDetailData; category: Category; organization: OrganizationFacts; images: string[] };

/** The page's one JSON-LD document: listing, organization and breadcrumbs in a @graph. */
export function listingGraph({ listing, category, organization, images }: ListingGraphInput): {
  "@context": "https://schema.org";
  "@graph": Thing[];
} {
  const { siteUrl } = organization;
  return {
    "@context": "https://schema.org",
    "@graph": [
      listingNode(listing, category, siteUrl, images),
      organizationNode(organization),
      breadcrumbNode(siteUrl, [
        { name: "Home", path: "/" },
        { name: category.name, path: `/${category.id}` },
        { name: listing.title, path: listingPath(listing) },
      ]),
    ],
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text of a listing can close the script. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
