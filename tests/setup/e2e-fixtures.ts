import type { Database } from "../../app/db/client.server";
import { listings } from "../../app/db/schema";
import { toListingRow } from "../../app/models/listing-row";
import { parseEnv } from "../../app/env.server";
import { createAdminUser } from "../../app/services/auth-admin.server";

/** The administrator the browser tests sign in as (any admin test may use it). */
export const E2E_ADMIN = { email: "admin@example.test", password: "correct horse battery staple", name: "Test Administrator" };

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

/** Fixture rows the browser tests rely on, written before the server starts. Each issue's tests add theirs here. */
export async function writeE2eFixtures(db: Database) {
  await db
    .insert(listings)
    .values({ ...toListingRow(HIDDEN_LISTING, 5), visible: false })
    .onConflictDoNothing();
  await createAdminUser(db, parseEnv(), E2E_ADMIN);
}
