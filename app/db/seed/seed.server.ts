import { inArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { listings, listingSlugs } from "#app/db/schema";
import { toListingRow } from "#app/models/listing-row";
import { catalogue } from "./catalogue";

/** The home carousel's listing slides and the Trending Now picks of spec point 2, in order (staff change them later). */
const HOME_PICKS: Record<string, number> = { "nad-al-sheba-villa": 10, "bugatti-chiron-2019": 20, spitfire: 30 };

/**
 * Inserts every catalogue listing that is not there yet. Idempotent, and it never overwrites what staff did: a
 * listing that exists (by id, whatever staff made of its slug, status or content) is left alone, and listings are
 * never deleted (staff archive them), so a re-run cannot bring one back. Seeded listings are ordinary rows.
 */
export async function seedCatalogue(db: Database): Promise<{ inserted: number }> {
  const rows = catalogue.map((listing, index) => ({
    ...toListingRow(listing, (index + 1) * 10),
    homeSlidePosition: HOME_PICKS[listing.id] ?? null,
    staffPickPosition: HOME_PICKS[listing.id] ?? null,
  }));
  return db.transaction(async (tx) => {
    // Every start runs this: asking which ids exist costs a few milliseconds, offering all 20 rows to the insert
    // (each checked against every unique index, then skipped) cost 120 ms of the embedded database's start.
    const existing = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(
        inArray(
          listings.id,
          rows.map((row) => row.id),
        ),
      );
    const known = new Set(existing.map((row) => row.id));
    const missing = rows.filter((row) => !known.has(row.id));
    if (missing.length === 0) return { inserted: 0 };
    // No conflict target: a row is skipped when its id exists, and also when staff gave another listing its slug.
    const inserted = await tx
      .insert(listings)
      .values(missing)
      .onConflictDoNothing()
      .returning({ id: listings.id, category: listings.category, slug: listings.slug });
    if (inserted.length > 0) {
      await tx
        .insert(listingSlugs)
        .values(inserted.map((row) => ({ category: row.category, slug: row.slug, listingId: row.id })))
        .onConflictDoNothing();
    }
    return { inserted: inserted.length };
  });
}
