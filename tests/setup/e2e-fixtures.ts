import type { Database } from "../../app/db/client.server";
import { contactSubmissions, contentBlocks, exchangeRates, listings } from "../../app/db/schema";
import { toListingRow } from "../../app/models/listing-row";
import { parseEnv } from "../../app/env.server";
import { createStaffUser } from "../../app/services/auth-admin.server";
import { createAuthForDatabase } from "../../app/services/auth-instance.server";

/** The administrator the browser tests sign in as (any admin test may use it). */
export const E2E_ADMIN = { email: "admin@example.test", password: "correct horse battery staple", name: "Test Administrator" };

/**
 * Staff accounts of the account browser tests (tests/e2e/staff-accounts.spec.ts), one per test, since each test
 * changes its account's password.
 */
export const E2E_ACCOUNT_STAFF = {
  changesPassword: { email: "account-change@example.test", password: "account password one", name: "Clara Change", role: "editor" as const },
  resetsPassword: { email: "account-reset@example.test", password: "account password two", name: "Rafael Reset", role: "sales" as const },
  /** Turns two-step sign-in on (tests/e2e/two-factor.spec.ts). */
  twoFactor: { email: "account-two-step@example.test", password: "account password three", name: "Tess Twostep", role: "editor" as const },
};

/** A listing staff have hidden: it must appear nowhere on the public site. */
export const HIDDEN_LISTING = {
  id: "hidden-test-estate",
  category: "real-estate" as const,
  title: "Hidden Test Estate Unlisted",
  location: "Lisbon, Portugal",
  specs: ["3 Bedrooms"],
  images: [],
  description: "A listing that staff have withdrawn.",
  specifications: [{ label: "Bedrooms", value: "3" }],
  features: [],
};

/**
 * Listings in each public state for listing-states.spec.ts, each used by that spec alone. Jets, in Reykjavik:
 * no other spec filters jets or looks for Iceland.
 */
const stateListing = (id: string, title: string) => ({
  id,
  category: "jets" as const,
  title,
  location: "Reykjavik, Iceland",
  year: 2004,
  specs: ["8 Passengers"],
  images: [],
  description: `${title}: a fixture of the browser tests.`,
  specifications: [{ label: "Crew", value: "2" }],
  features: [],
});
export const UNDER_OFFER_LISTING = stateListing("e2e-under-offer-learjet", "E2E Under Offer Learjet");
export const SOLD_LISTING = stateListing("e2e-sold-falcon", "E2E Sold Falcon");
export const HOME_PROMO_LISTING = stateListing("e2e-home-promo-citation", "E2E Home Promo Citation");

/**
 * Priced jets for prices.spec.ts, in Nuuk (no other spec looks for Greenland): dollars, euros and one on request.
 * With them, rates as the rates worker stores them (the test server fetches none: RATES_REFRESH_SECONDS=0).
 */
const pricedJet = (id: string, title: string, year: number) => ({ ...stateListing(id, title), location: "Nuuk, Greenland", year });
export const PRICED_JETS = [
  { ...pricedJet("e2e-priced-gulfstream", "E2E Priced Gulfstream G650", 2019), price: { amount: "3950000", currency: "USD" as const } },
  { ...pricedJet("e2e-priced-falcon", "E2E Priced Falcon 7X", 2012), price: { amount: "1200000", currency: "EUR" as const } },
  { ...pricedJet("e2e-on-request-legacy", "E2E On Request Legacy 600", 2008), price: null },
];
export const E2E_RATES = { USD: "1", EUR: "1.16", GBP: "1.31", AED: "0.272294", INR: "0.0113", BTC: "90000", ETH: "3000", XRP: "2.31" };

async function writePriceFixtures(db: Database) {
  await db
    .insert(listings)
    .values(
      PRICED_JETS.map(({ price, ...listing }, index) => ({
        ...toListingRow(listing, 9100 + index),
        priceAmount: price?.amount ?? null,
        priceCurrency: price?.currency ?? null,
      })),
    )
    .onConflictDoNothing();
  // A server that has never fetched rates (tests/e2e/rates-display.spec.ts): prices show without equivalents.
  if (process.env.E2E_RATES === "none") return;
  const fetchedAt = new Date();
  for (const [currency, usdPerUnit] of Object.entries(E2E_RATES)) {
    await db
      .insert(exchangeRates)
      .values({ currency, usdPerUnit, fetchedAt, source: "e2e-fixture" })
      .onConflictDoUpdate({ target: exchangeRates.currency, set: { usdPerUnit, fetchedAt, source: "e2e-fixture" } });
  }
}

/** Fixture rows the browser tests rely on, written before the server starts. Each feature's tests add theirs here. */
export async function writeE2eFixtures(db: Database) {
  await db
    .insert(listings)
    .values({ ...toListingRow(HIDDEN_LISTING, 5), visible: false })
    .onConflictDoNothing();
  await db
    .insert(listings)
    .values([
      { ...toListingRow(UNDER_OFFER_LISTING, 9000), status: "under_offer" as const },
      { ...toListingRow(SOLD_LISTING, 9010), status: "sold" as const },
      toListingRow(HOME_PROMO_LISTING, 9020),
    ])
    .onConflictDoNothing();
  const auth = await createAuthForDatabase(db, parseEnv());
  await createStaffUser({ db, auth }, { ...E2E_ADMIN, role: "owner" });
  for (const account of Object.values(E2E_ACCOUNT_STAFF)) await createStaffUser({ db, auth }, account);
  await writeAdminFixtures(db);
  await writePriceFixtures(db);
}

/** Content blocks for the Content Manager's paging (more than one page of 20) and search tests. */
export const E2E_CONTENT_BLOCK_COUNT = 25;
/** Enquiries nobody has opened yet, for the notification bell; one older, processed one for the dashboard. */
export const E2E_ENQUIRIES = [
  {
    submissionId: "e2e-enquiry-1",
    firstName: "Amelia",
    lastName: "Hart",
    email: "amelia@example.test",
    interest: "Yachts",
    message: "Is the SPITFIRE available for a viewing in Monaco next month?",
  },
  {
    submissionId: "e2e-enquiry-2",
    firstName: "Rohan",
    lastName: "Mehta",
    email: "rohan@example.test",
    interest: "Real Estate",
    message: "Please send the floor plans of the Nad Al Sheba villa.",
  },
];

async function writeAdminFixtures(db: Database) {
  const blocks = Array.from({ length: E2E_CONTENT_BLOCK_COUNT }, (_, index) => ({
    key: `e2e-block-${String(index).padStart(2, "0")}`,
    type: "text" as const,
    content: `Sample text for block ${index}.`,
    metadata: { category: "contact" as const },
    // Distinct creation times, so "newest first" is a stable order.
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)),
  }));
  await db.insert(contentBlocks).values(blocks).onConflictDoNothing();
  await db.insert(contactSubmissions).values(E2E_ENQUIRIES).onConflictDoNothing();
  await db
    .insert(contactSubmissions)
    .values({
      submissionId: "e2e-enquiry-old",
      firstName: "Lena",
      lastName: "Vogel",
      email: "lena@example.test",
      interest: "Jets",
      message: "Thank you for the details on the Gulfstream.",
      status: "processed",
      emailSent: true,
      confirmationSent: true,
      openedAt: new Date(Date.now() - 9 * 86_400_000),
      createdAt: new Date(Date.now() - 10 * 86_400_000),
    })
    .onConflictDoNothing();
}
