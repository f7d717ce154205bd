/**
 * The editable texts and images of the public pages, as content blocks with defaults in code.
 * A block with no stored content gets its default saved on first load; staff edit them under /edit/content.
 */
export type ContentCategory = "home" | "about" | "contact";
export type ContentType = "text" | "image" | "html";
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

export const HOME_CONTENT_KEYS = [
  "home-about-intro",
  "home-feature-global-reach",
  "home-feature-verified-listings",
  "home-feature-premium-service",
  "leader-founder-bio",
  "leader-founder-photo",
  "leader-ceo-bio",
  "leader-ceo-photo",
] as const satisfies readonly ContentKey[];

export const ABOUT_CONTENT_KEYS = [
  "about-intro",
  "about-intro-secondary",
  "about-value-vision",
  "about-value-excellence",
  "about-value-relationships",
  "about-mission",
  "leader-founder-bio",
  "leader-founder-photo",
  "leader-ceo-bio",
  "leader-ceo-photo",
] as const satisfies readonly ContentKey[];

/** The home page's pictures: the crypto slide, the five category tiles, the partner logos and the leaders' photos. */
export const HOME_IMAGE_KEYS = [
  "home-slide-crypto-image",
  "category-hero-real-estate",
  "category-hero-cars",
  "category-hero-metals",
  "category-hero-yachts",
  "category-hero-jets",
  "partner-bentley-logo",
  "partner-rolls-royce-logo",
  "partner-magnolia-yachts-logo",
  "leader-founder-photo",
  "leader-ceo-photo",
] as const satisfies readonly ContentKey[];

/** Every image block with a default: what `npm run images:import` makes sure exists before it copies pictures. */
export const IMAGE_CONTENT_KEYS = (Object.keys(CONTENT_DEFAULTS) as ContentKey[]).filter((key) => CONTENT_DEFAULTS[key].type === "image");

export const ABOUT_IMAGE_KEYS = ["about-mission-image", "leader-founder-photo", "leader-ceo-photo"] as const satisfies readonly ContentKey[];

// The working hours are a setting (/edit/settings), shown with the phone and WhatsApp numbers.
export const CONTACT_CONTENT_KEYS = ["contact-intro"] as const satisfies readonly ContentKey[];
