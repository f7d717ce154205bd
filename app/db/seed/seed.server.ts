import type { Database } from "#app/db/client.server";
import { listings } from "#app/db/schema";
import { toListingRow } from "#app/models/listing-row";
import { catalogue } from "./catalogue";

/**
 * Inserts every catalogue listing that is not there yet. Idempotent, and it never overwrites
 * a listing staff have edited: re-running `npm start` keeps existing data.
 */
export async function seedCatalogue(db: Database): Promise<{ inserted: number }> {
  const rows = catalogue.map((listing, index) => toListingRow(listing, (index + 1) * 10));
  const inserted = await db.insert(listings).values(rows).onConflictDoNothing({ target: listings.id }).returning({ id: listings.id });
  return { inserted: inserted.length };
}
