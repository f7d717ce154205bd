import { describe, expect, it } from "vitest";
import { catalogue } from "#app/db/seed/catalogue";
import { CATEGORIES } from "./categories";
import { type CATEGORY_IDS } from "./category-ids";
import type { ListingDetailData } from "./listing-views";
import { jsonLdText, listingGraph } from "./structured-data";

/**
 * The part of the schema.org vocabulary this site uses, copied from schema.org (classes with their parent,
 * properties with the classes they are defined on): a node whose type or property is not here is not valid
 * schema.org as far as this check goes. Adding a property to the JSON-LD means adding it here, from schema.org.
 */
const CLASSES: Record<string, string | null> = {
  Thing: null,
  Product: "Thing",
  Vehicle: "Product",
  Car: "Vehicle",
  Organization: "Thing",
  Intangible: "Thing",
  Offer: "Intangible",
  ItemList: "Intangible",
  BreadcrumbList: "ItemList",
  ListItem: "Intangible",
  Place: "Thing",
  Accommodation: "Place",
  House: "Accommodation",
  Apartment: "Accommodation",
};
const PROPERTIES: Record<string, string[]> = {
  name: ["Thing"],
  description: ["Thing"],
  url: ["Thing"],
  image: ["Thing"],
  sameAs: ["Thing"],
  additionalType: ["Thing"],
  sku: ["Product", "Offer", "Demand"],
  category: ["Product", "Offer", "Service", "Recommendation", "PhysicalActivity", "SpecialAnnouncement", "Invoice", "ActionAccessSpecification"],
  offers: ["Product", "Service", "Event", "CreativeWork", "Trip", "Place", "EducationalOccupationalProgram", "AggregateOffer", "MenuItem"],
  vehicleModelDate: ["Vehicle"],
  logo: ["Organization", "Brand", "Place", "Product", "Service", "Certification"],
  email: ["Organization", "Person", "ContactPoint"],
  price: ["Offer", "PriceSpecification", "TradeAction", "CompoundPriceSpecification"],
  priceCurrency: ["Offer", "PriceSpecification", "TradeAction", "Reservation", "Ticket", "DonateAction", "MonetaryAmountDistribution"],
  availability: ["Offer", "Demand"],
  seller: ["Offer", "Demand", "Order", "BuyAction", "Flight"],
  itemListElement: ["ItemList"],
  position: ["ListItem", "CreativeWork"],
  item: ["ListItem"],
};
const AVAILABILITIES = ["InStock", "SoldOut", "LimitedAvailability", "Discontinued"].map((name) => `https://schema.org/${name}`);

function isA(type: string, wanted: string): boolean {
  for (let current: string | null | undefined = type; current; current = CLASSES[current]) if (current === wanted) return true;
  return false;
}

/** Every typed node of a JSON-LD value, with the path to it. */
function problemsOf(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => problemsOf(item, `${path}[${index}]`));
  if (!value || typeof value !== "object") return [];
  const node = value as Record<string, unknown>;
  const problems: string[] = [];
  const types = node["@type"] === undefined ? [] : ([] as unknown[]).concat(node["@type"]);
  for (const type of types) if (typeof type !== "string" || !(type in CLASSES)) problems.push(`${path}: unknown type ${String(type)}`);
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith("@")) {
      if (key === "@graph") problems.push(...problemsOf(child, `${path}.@graph`));
      continue;
    }
    const domains = PROPERTIES[key];
    if (!domains) problems.push(`${path}: unknown property ${key}`);
    // A reference ({"@id"}) has no type of its own; a typed node must carry each property on its class or a parent.
    else if (types.length > 0 && !types.some((type) => typeof type === "string" && domains.some((domain) => isA(type, domain))))
      problems.push(`${path}: ${key} is not a property of ${types.join(", ")}`);
    if (key === "additionalType" && typeof child === "string" && child.startsWith("https://schema.org/") && !(child.slice(19) in CLASSES))
      problems.push(`${path}: additionalType ${child} is not a schema.org class`);
    if (key === "availability" && !AVAILABILITIES.includes(String(child))) problems.push(`${path}: availability ${String(child)}`);
    problems.push(...problemsOf(child, `${path}.${key}`));
  }
  return problems;
}

const organization = {
  siteUrl: "https://whitestreams.example",
  siteName: "White Streams",
  contactEmail: "hello@example.com",
  sameAs: ["https://instagram.com/ws"],
};

function detailOf(index: number, overrides: Partial<ListingDetailData> = {}): ListingDetailData {
  const seed = catalogue[index]!;
  return {
    id: seed.id,
    slug: seed.id,
    category: seed.category,
    status: "published",
    title: seed.title,
    price: { amount: "3950000", currency: "USD" },
    location: seed.location,
    year: seed.year ?? null,
    specs: seed.specs,
    photos: [],
    description: seed.description,
    specifications: seed.specifications,
    features: seed.features,
    lastVerifiedOn: null,
    ...overrides,
  };
}

const EXPECTED: Record<(typeof CATEGORY_IDS)[number], { type: string; additionalType?: RegExp }> = {
  "real-estate": { type: "Product", additionalType: /^https:\/\/schema\.org\/(House|Apartment|Accommodation)$/ },
  cars: { type: "Car" },
  metals: { type: "Product" },
  yachts: { type: "Vehicle", additionalType: /productontology\.org\/id\/Yacht$/ },
  jets: { type: "Vehicle", additionalType: /productontology\.org\/id\/Business_jet$/ },
};

describe("JSON-LD of every listing, checked against the schema.org vocabulary", () => {
  it.each(catalogue.map((seed, index) => [seed.category, seed.id, index] as const))("%s: %s", (categoryId, _id, index) => {
    const category = CATEGORIES[categoryId];
    const listing = detailOf(index, { photos: [{ src: "/media/cover.webp", alt: "" }] });
    const parsed = JSON.parse(
      jsonLdText(listingGraph({ listing, category, organization, images: ["https://whitestreams.example/media/cover.webp"] })),
    ) as {
      "@context": string;
      "@graph": Record<string, unknown>[];
    };
    expect(parsed["@context"]).toBe("https://schema.org");
    expect(problemsOf(parsed)).toEqual([]);
    const [item, org, breadcrumbs] = parsed["@graph"];
    expect(item).toMatchObject({
      "@type": EXPECTED[categoryId].type,
      name: listing.title,
      url: `https://whitestreams.example/${categoryId}/${listing.slug}`,
    });
    if (EXPECTED[categoryId].additionalType) expect(item?.additionalType).toMatch(EXPECTED[categoryId].additionalType);
    expect(item?.offers).toMatchObject({ "@type": "Offer", price: "3950000", priceCurrency: "USD", availability: "https://schema.org/InStock" });
    expect(org).toMatchObject({ "@type": "Organization", name: "White Streams", sameAs: ["https://instagram.com/ws"] });
    expect(breadcrumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "Home", item: "https://whitestreams.example/" },
        { position: 2, name: category.name, item: `https://whitestreams.example/${categoryId}` },
        { position: 3, name: listing.title },
      ],
    });
  });

  it("a listing on request has an Offer without a price; a sold one is sold out", () => {
    const listing = detailOf(0, { price: null, status: "sold" });
    const graph = listingGraph({ listing, category: CATEGORIES[listing.category], organization, images: [] });
    const offers = (graph["@graph"][0] as { offers: Record<string, unknown> }).offers;
    expect(offers).not.toHaveProperty("price");
    expect(offers.availability).toBe("https://schema.org/SoldOut");
  });

  it("the check itself refuses what schema.org does not have", () => {
    expect(problemsOf({ "@type": "Car", horsepower: 700 })).toEqual(["$: unknown property horsepower"]);
    expect(problemsOf({ "@type": "Organization", vehicleModelDate: "2020" })).toEqual(["$: vehicleModelDate is not a property of Organization"]);
    expect(problemsOf({ "@type": "Yacht" })).toEqual(["$: unknown type Yacht"]);
  });

  it("no listing text can close the script element", () => {
    const listing = detailOf(0, { title: "Villa </script><script>alert(1)</script>" });
    const text = jsonLdText(listingGraph({ listing, category: CATEGORIES[listing.category], organization, images: [] }));
    expect(text).not.toContain("</script");
    expect(JSON.stringify(JSON.parse(text))).toContain("</script>");
  });
});
