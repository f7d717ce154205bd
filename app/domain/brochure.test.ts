import { describe, expect, it } from "vitest";
import { brochureContact, brochureContent, brochureFilename, brochurePath, brochurePrice } from "./brochure";
import { CATEGORIES } from "./categories";
import type { ListingDetailData } from "./listing-views";
import type { RatesSnapshot } from "./price-conversion";
import type { PublicSettings } from "./site-settings";

const usdPer = { USD: "1", EUR: "1.08", BTC: "90000", ETH: "3000", XRP: "2.31" };
const fresh: RatesSnapshot = { usdPer, fetchedAt: "2026-11-23T14:05:41.000Z", stale: false };
const stale: RatesSnapshot = { ...fresh, stale: true };

const settings: PublicSettings = {
  siteName: "White Streams",
  companyName: "White Streams",
  companyCountry: "India",
  contactEmail: "concierge@example.com",
  phone: "+44 20 7946 0000",
  whatsapp: "+971 50 123 4567",
  workingHours: "24/7 Support",
  instagramUrl: "",
  linkedinUrl: "",
  xUrl: "",
  facebookUrl: "",
  youtubeUrl: "",
};

const listing: ListingDetailData = {
  id: "villa",
  slug: "villa-azure",
  category: "real-estate",
  status: "published",
  title: "Villa Azure",
  price: { amount: "3950000", currency: "USD" },
  location: "Cannes, France",
  year: 2021,
  specs: [],
  photos: [],
  description: "First line.\r\nSecond line.\r\n\r\nA new paragraph.",
  specifications: [{ label: "Bedrooms", value: "6" }],
  features: ["Sea view"],
  lastVerifiedOn: null,
};

describe("the brochure's price", () => {
  it("is the listing's own figure with the three coins and the rates' time, like the detail page", () => {
    expect(brochurePrice(listing, fresh)).toEqual({
      kind: "priced",
      main: "USD 3,950,000",
      equivalents: ["BTC 43.8889", "ETH 1,316.667", "XRP 1,709,957"],
      ratesLabel: "Rates at 14:05 UTC",
      stale: false,
      note: "The final amount is fixed when the deal is agreed.",
    });
  });

  it("converts from the listing's currency and labels stale rates with their day", () => {
    const price = brochurePrice({ ...listing, price: { amount: "1000000", currency: "EUR" } }, stale);
    expect(price).toMatchObject({ main: "EUR 1,000,000", equivalents: ["BTC 12.0000", "ETH 360.000", "XRP 467,532"], stale: true });
    expect(price.kind === "priced" && price.ratesLabel).toBe("Rates of 23 Nov 2026, 14:05 UTC (out of date)");
  });

  it("shows no equivalents and no rates' time without rates, and none for a currency without a rate", () => {
    expect(brochurePrice(listing, null)).toMatchObject({ kind: "priced", main: "USD 3,950,000", equivalents: [], ratesLabel: null, stale: false });
    // GBP has no rate here: its coin figures cannot be worked out, so none is shown.
    expect(brochurePrice({ ...listing, price: { amount: "500000", currency: "GBP" } }, fresh)).toMatchObject({ equivalents: [], ratesLabel: null });
  });

  it("says Price On Request without an amount, and nothing of a price once sold", () => {
    expect(brochurePrice({ ...listing, price: null }, fresh)).toEqual({ kind: "on-request", text: "Price On Request" });
    expect(brochurePrice({ ...listing, status: "sold" }, fresh)).toEqual({ kind: "sold" });
  });
});

describe("the brochure's contact details", () => {
  it("are the Settings' e-mail, telephone, WhatsApp and hours, then the listing's enquiry link", () => {
    expect(brochureContact(settings, "https://whitestreams.example/real-estate/villa-azure")).toEqual([
      { label: "E-mail", value: "concierge@example.com", link: "mailto:concierge@example.com" },
      { label: "Telephone", value: "+44 20 7946 0000", link: "tel:+442079460000" },
      { label: "WhatsApp", value: "+971 50 123 4567", link: "https://wa.me/971501234567" },
      { label: "Hours", value: "24/7 Support" },
      {
        label: "Enquire",
        value: "whitestreams.example/real-estate/villa-azure",
        link: "https://whitestreams.example/real-estate/villa-azure#enquiry",
      },
    ]);
  });

  it("leave out a number Settings does not have", () => {
    const labels = brochureContact({ ...settings, phone: "", whatsapp: "" }, "https://x.example/cars/a").map((row) => row.label);
    expect(labels).toEqual(["E-mail", "Hours", "Enquire"]);
  });
});

describe("the brochure's content", () => {
  it("names the listing, its place, badge and address, keeps line breaks and names the file after the slug", () => {
    const content = brochureContent({
      listing: { ...listing, status: "under_offer" },
      category: CATEGORIES["real-estate"],
      rates: fresh,
      settings,
      siteUrl: "https://whitestreams.example",
    });
    expect(content).toMatchObject({
      eyebrow: "Real Estate",
      title: "Villa Azure",
      place: "Cannes, France · 2021",
      badge: "Under Offer",
      specificationsHeading: "Property Details",
      description: "First line.\nSecond line.\n\nA new paragraph.",
      url: "https://whitestreams.example/real-estate/villa-azure",
      filename: "villa-azure-brochure.pdf",
    });
    expect(brochureContent({ listing, category: CATEGORIES["real-estate"], rates: null, settings, siteUrl: "" }).badge).toBeNull();
    expect(brochureFilename("ferrari-f40-1990")).toBe("ferrari-f40-1990-brochure.pdf");
    expect(brochurePath({ category: "cars", slug: "ferrari-f40-1990" })).toBe("/cars/ferrari-f40-1990/brochure.pdf");
  });
});
