/**
 * The editable texts and images of the public pages, as content blocks with defaults in code.
 * A block with no stored content gets its default saved on first load; staff edit them under /edit/content.
 * This module is the one home of the content categories, the block types, every block's default and where
 * each block appears on the site.
 */

/** The content categories (spec point 9: home, about, contact): one per public page that shows blocks. */
export const CONTENT_CATEGORIES = [
  { id: "home", label: "Home Page", page: "Home page", path: "/" },
  { id: "about", label: "About", page: "About page", path: "/about" },
  { id: "contact", label: "Contact", page: "Contact page", path: "/contact" },
] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number]["id"];
export const CONTENT_CATEGORY_IDS = CONTENT_CATEGORIES.map((category) => category.id) as [ContentCategory, ...ContentCategory[]];

export function isContentCategory(value: string): value is ContentCategory {
  return (CONTENT_CATEGORY_IDS as string[]).includes(value);
}

/** The label the Content Manager shows for a category; an unknown stored value is shown as it is. */
export function contentCategoryLabel(value: string): string {
  return CONTENT_CATEGORIES.find((category) => category.id === value)?.label ?? value;
}

export const CONTENT_TYPES = ["text", "image", "html"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = { text: "Text", image: "Image", html: "HTML" };
export type ContentDefault = { key: string; type: ContentType; category: ContentCategory; content: string };

const MEDIA = "https://image931.wordpress.com/wp-content/uploads/2025/04";

export const CONTENT_DEFAULTS = {
  "home-about-intro": {
    type: "text",
    category: "home",
    content:
      "White Streams is where discerning buyers meet the world's most prestigious sellers. From waterfront estates and hypercars to investment-grade metals, superyachts and private jets, every listing is presented with discretion and settled, if you wish, in digital currency.",
  },
  "home-feature-global-reach": {
    type: "text",
    category: "home",
    content: "Sellers and buyers from over 120 countries meet here, with introductions handled across time zones and languages.",
  },
  "home-feature-verified-listings": {
    type: "text",
    category: "home",
    content: "Every listing is checked before it is published: ownership, documents and the asset itself.",
  },
  "home-feature-premium-service": {
    type: "text",
    category: "home",
    content: "A dedicated concierge accompanies you from the first enquiry to the handover, including settlement in Bitcoin, Ethereum or XRP.",
  },
  "leader-founder-bio": {
    type: "text",
    category: "about",
    content:
      "An enterprise cybersecurity architect by training, Pranes built White Streams on the conviction that digital currency deserves a marketplace worthy of it. His background at PSG College of Technology and years in enterprise systems, crypto and decentralised finance shape the platform's security and its seamless settlement.",
  },
  "leader-founder-photo": { type: "image", category: "about", content: `${MEDIA}/ae0c4b7f-cc4a-4ddb-9186-29a09a80ae1d-1.jpg` },
  "leader-ceo-bio": {
    type: "text",
    category: "about",
    content:
      "A marketing professional educated at the University of Shizuoka, Moeri brings international experience and a clear vision: a service where buying the extraordinary with digital currency feels effortless, personal and safe.",
  },
  "leader-ceo-photo": { type: "image", category: "about", content: `${MEDIA}/dsc07153_original.jpg` },
  "about-intro": {
    type: "text",
    category: "about",
    content:
      "White Streams is a gateway to the exceptional: landmark homes, rare automobiles, precious metals, yachts and aircraft, offered to a private circle of buyers around the world.",
  },
  "about-intro-secondary": {
    type: "text",
    category: "about",
    content:
      "We welcome payment in Bitcoin, Ethereum and XRP, and we make every step of a digital-currency purchase as assured as a traditional one.",
  },
  "about-value-vision": {
    type: "text",
    category: "about",
    content: "To be the first address for luxury bought with digital currency, wherever our clients live.",
  },
  "about-value-excellence": {
    type: "text",
    category: "about",
    content: "Only assets we would be proud to own ourselves, described honestly and presented beautifully.",
  },
  "about-value-relationships": {
    type: "text",
    category: "about",
    content: "Discretion, patience and trust: we measure success in clients who return and recommend us.",
  },
  "about-mission": {
    type: "text",
    category: "about",
    content:
      "Our mission is to bring the finest assets on earth within reach of those who hold their wealth in digital currency, with verified listings, transparent settlement and a concierge who knows every detail. We connect people, not just transactions.",
  },
  "contact-intro": {
    type: "text",
    category: "contact",
    content: "Tell us what you are looking for. A member of our concierge team will reply personally, usually within one business day.",
  },
  // Pictures the site serves itself once `npm run images:import` has copied them; staff replace them here.
  "home-slide-crypto-image": { type: "image", category: "home", content: `${MEDIA}/copy-of-copy-of-e382b3e38394e383bc-1.png` },
  "category-hero-real-estate": { type: "image", category: "home", content: `${MEDIA}/img_2078.jpg` },
  "category-hero-cars": { type: "image", category: "home", content: `${MEDIA}/img_2505.jpg` },
  "category-hero-metals": { type: "image", category: "home", content: `${MEDIA}/img_2230-1.jpg` },
  "category-hero-yachts": { type: "image", category: "home", content: `${MEDIA}/img25-1.jpg` },
  "category-hero-jets": { type: "image", category: "home", content: `${MEDIA}/img_1213.jpg` },
  "partner-bentley-logo": { type: "image", category: "home", content: `${MEDIA}/img_2564-1.png` },
  "partner-rolls-royce-logo": { type: "image", category: "home", content: `${MEDIA}/img_2565-1.png` },
  "partner-magnolia-yachts-logo": { type: "image", category: "home", content: `${MEDIA}/img_2566-1.jpg` },
  "about-mission-image": { type: "image", category: "about", content: `${MEDIA}/img_2078.jpg` },
} as const satisfies Record<string, Omit<ContentDefault, "key">>;

export type ContentKey = keyof typeof CONTENT_DEFAULTS;
export type ContentValues<K extends ContentKey> = Record<K, string>;

/** A section of a page that shows a block; `anchor` is the id of the section's heading on that page. */
type Placement = { section: string; anchor?: string };

/**
 * Where each block appears, page by page. The pages read exactly these keys, and the Content Manager shows
 * staff where a block is seen ("Home page · About section"). A block created by staff appears nowhere until
 * a page reads it.
 */
export const CONTENT_PLACEMENTS = {
  home: {
    "home-about-intro": { section: "About section", anchor: "about-blurb-heading" },
    "home-feature-global-reach": { section: "About section · Global Reach", anchor: "about-blurb-heading" },
    "home-feature-verified-listings": { section: "About section · Verified Listings", anchor: "about-blurb-heading" },
    "home-feature-premium-service": { section: "About section · Premium Service", anchor: "about-blurb-heading" },
    "leader-founder-bio": { section: "Our Leadership · founder's biography", anchor: "leadership-heading" },
    "leader-founder-photo": { section: "Our Leadership · founder's photo", anchor: "leadership-heading" },
    "leader-ceo-bio": { section: "Our Leadership · chief executive's biography", anchor: "leadership-heading" },
    "leader-ceo-photo": { section: "Our Leadership · chief executive's photo", anchor: "leadership-heading" },
    "home-slide-crypto-image": { section: "Carousel · first slide's picture" },
    "category-hero-real-estate": { section: "Categories · Real Estate (and the Real Estate page's hero)", anchor: "categories-heading" },
    "category-hero-cars": { section: "Categories · Cars (and the Cars page's hero)", anchor: "categories-heading" },
    "category-hero-metals": { section: "Categories · Metals (and the Metals page's hero)", anchor: "categories-heading" },
    "category-hero-yachts": { section: "Categories · Yachts (and the Yachts page's hero)", anchor: "categories-heading" },
    "category-hero-jets": { section: "Categories · Jets (and the Jets page's hero)", anchor: "categories-heading" },
    "partner-bentley-logo": { section: "Our Partners · Bentley Motors logo", anchor: "partners-heading" },
    "partner-rolls-royce-logo": { section: "Our Partners · Rolls-Royce logo", anchor: "partners-heading" },
    "partner-magnolia-yachts-logo": { section: "Our Partners · Magnolia Yachts logo", anchor: "partners-heading" },
  },
  about: {
    "about-intro": { section: "Introduction" },
    "about-intro-secondary": { section: "Introduction · second paragraph" },
    "about-value-vision": { section: "Our Values · Vision", anchor: "values-heading" },
    "about-value-excellence": { section: "Our Values · Excellence", anchor: "values-heading" },
    "about-value-relationships": { section: "Our Values · Relationships", anchor: "values-heading" },
    "about-mission": { section: "Our Mission", anchor: "mission-heading" },
    "leader-founder-bio": { section: "Our Leadership · founder's biography", anchor: "leadership-heading" },
    "leader-founder-photo": { section: "Our Leadership · founder's photo", anchor: "leadership-heading" },
    "leader-ceo-bio": { section: "Our Leadership · chief executive's biography", anchor: "leadership-heading" },
    "leader-ceo-photo": { section: "Our Leadership · chief executive's photo", anchor: "leadership-heading" },
    "about-mission-image": { section: "Our Mission · picture", anchor: "mission-heading" },
  },
  // The working hours are a setting (/edit/settings), shown with the phone and WhatsApp numbers.
  contact: {
    "contact-intro": { section: "Introduction" },
  },
} as const satisfies Record<ContentCategory, Partial<Record<ContentKey, Placement>>>;

type PageKey<Page extends ContentCategory> = keyof (typeof CONTENT_PLACEMENTS)[Page] & ContentKey;

/** The blocks a page places, texts (read with readContent) or pictures (read with readContentImages). */
function keysOf<Page extends ContentCategory>(page: Page, kind: "text" | "image"): PageKey<Page>[] {
  return (Object.keys(CONTENT_PLACEMENTS[page]) as PageKey<Page>[]).filter((key) => (CONTENT_DEFAULTS[key].type === "image") === (kind === "image"));
}

/** The blocks each page reads: exactly its placed keys. */
export const HOME_CONTENT_KEYS = keysOf("home", "text");
export const HOME_IMAGE_KEYS = keysOf("home", "image");
export const ABOUT_CONTENT_KEYS = keysOf("about", "text");
export const ABOUT_IMAGE_KEYS = keysOf("about", "image");
export const CONTACT_CONTENT_KEYS = keysOf("contact", "text");

export type BlockPlacement = { page: string; section: string; href: string };

/** Every place on the public site that shows the block with this key (none for a block no page reads). */
export function placementsOf(key: string): BlockPlacement[] {
  return CONTENT_CATEGORIES.flatMap((category) => {
    const placement = (CONTENT_PLACEMENTS[category.id] as Partial<Record<string, Placement>>)[key];
    if (!placement) return [];
    return [{ page: category.page, section: placement.section, href: placement.anchor ? `${category.path}#${placement.anchor}` : category.path }];
  });
}

/** The default of a block, when the site has one. */
export function contentDefaultOf(key: string): string | null {
  return Object.hasOwn(CONTENT_DEFAULTS, key) ? CONTENT_DEFAULTS[key as ContentKey].content : null;
}

/** Every image block with a default: what `npm run images:import` makes sure exists before it copies pictures. */
export const IMAGE_CONTENT_KEYS = (Object.keys(CONTENT_DEFAULTS) as ContentKey[]).filter((key) => CONTENT_DEFAULTS[key].type === "image");
