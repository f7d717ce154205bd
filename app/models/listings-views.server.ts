import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contactSubmissions, listings, listingSlugs, listingViewDays, listingViewVisitors, viewSalts } from "#app/db/schema";

/**
 * Listing views, counted without cookies or personal data: one view per visitor per listing per day, where a
 * visitor is a salted hash of (address, browser, listing). The salt is random for each day, shared by every app
 * process through this table, and deleted with the day's hashes after a day, so a stored hash can never be traced
 * back to an address. What remains are plain daily counts per listing (listing_view_days).
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD in UTC. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function daysBefore(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS));
}

/** The day's salt, made by whichever process asks first. */
export async function saltForDay(db: Database, day: string): Promise<string> {
  const fresh = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64");
  await db.insert(viewSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const [row] = await db.select({ salt: viewSalts.salt }).from(viewSalts).where(eq(viewSalts.day, day));
  return row!.salt;
}

/** Drops salts and visitor hashes older than yesterday (yesterday's stay for visits recorded around midnight). */
export async function forgetOldVisitors(db: Database, today: string): Promise<void> {
  const keepFrom = daysBefore(today, 1);
  await db.delete(listingViewVisitors).where(lt(listingViewVisitors.day, keepFrom));
  await db.delete(viewSalts).where(lt(viewSalts.day, keepFrom));
}

export type ViewEntry = { listingId: string; day: string; visitor: string };

/**
 * Records a batch of views in one statement: a visitor already counted for that listing that day adds nothing;
 * each new one adds 1 to the listing's count for the day. Listings that no longer exist are skipped.
 */
export async function recordViews(db: Database, entries: readonly ViewEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const values = sql.join(
    entries.map((entry) => sql`(${entry.listingId}::text, ${entry.day}::date, ${entry.visitor}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with batch(listing_id, day, visitor) as (values ${values}),
    known as (
      select distinct batch.listing_id, batch.day, batch.visitor from batch join ${listings} on ${listings.id} = batch.listing_id
    ),
    fresh as (
      insert into ${listingViewVisitors} (day, visitor)
      select day, visitor from known
      on conflict do nothing
      returning day, visitor
    ),
    counted as (
      select known.listing_id, known.day, count(*)::int as views from fresh join known using (day, visitor)
      group by known.listing_id, known.day
    )
    insert into ${listingViewDays} (listing_id, day, views)
    select listing_id, day, views from counted
    on conflict (listing_id, day) do update set views = ${listingViewDays.views} + excluded.views
    returning views`);
  return (result as { rows: unknown[] }).rows.length;
}

export type ListingStats = { views7: number; views30: number; enquiries7: number; enquiries30: number; trend: number[] };

/** Views and enquiries over the last 7 and 30 days, and the daily views of the last 30 days (oldest first). */
export async function listingStats(db: Database, ids: readonly string[], now = new Date()): Promise<Map<string, ListingStats>> {
  const stats = new Map<string, ListingStats>(
    ids.map((id) => [id, { views7: 0, views30: 0, enquiries7: 0, enquiries30: 0, trend: Array<number>(30).fill(0) }]),
  );
  if (ids.length === 0) return stats;
  const today = dayOf(now);
  const first = daysBefore(today, 29);
  const weekStart = daysBefore(today, 6);
  const [views, enquiries] = await Promise.all([
    db
      .select({ listingId: listingViewDays.listingId, day: listingViewDays.day, views: listingViewDays.views })
      .from(listingViewDays)
      .where(and(inArray(listingViewDays.listingId, [...ids]), gte(listingViewDays.day, first)))
      .orderBy(asc(listingViewDays.day)),
    // An enquiry names the page it was sent from; any address the listing has had counts (listing_slugs).
    db
      .select({
        listingId: listingSlugs.listingId,
        last7: sql<number>`count(*) filter (where ${contactSubmissions.createdAt} >= ${new Date(Date.parse(`${weekStart}T00:00:00Z`))})`.mapWith(
          Number,
        ),
        last30: sql<number>`count(*)`.mapWith(Number),
      })
      .from(contactSubmissions)
      .innerJoin(listingSlugs, sql`${contactSubmissions.listingPath} = '/' || ${listingSlugs.category} || '/' || ${listingSlugs.slug}`)
      .where(and(inArray(listingSlugs.listingId, [...ids]), gte(contactSubmissions.createdAt, new Date(Date.parse(`${first}T00:00:00Z`)))))
      .groupBy(listingSlugs.listingId),
  ]);
  for (const row of views) {
    const entry = stats.get(row.listingId)!;
    const index = Math.round((Date.parse(`${row.day}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS);
    entry.trend[index] = (entry.trend[index] ?? 0) + row.views;
    entry.views30 += row.views;
    if (row.day >= weekStart) entry.views7 += row.views;
  }
  for (const row of enquiries) {
    const entry = stats.get(row.listingId)!;
    entry.enquiries7 = row.last7;
    entry.enquiries30 = row.last30;
  }
  return stats;
}

/** The most viewed listings of the last `days` days among those the condition admits, most viewed first. */
export async function mostViewed(
  db: Database,
  options: { days: number; minViews: number; limit: number; where: ReturnType<typeof sql>; now?: Date },
) {
  const today = dayOf(options.now ?? new Date());
  const total = sql<number>`sum(${listingViewDays.views})`.mapWith(Number);
  return db
    .select({ id: listingViewDays.listingId, views: total })
    .from(listingViewDays)
    .innerJoin(listings, eq(listings.id, listingViewDays.listingId))
    .where(and(gte(listingViewDays.day, daysBefore(today, options.days - 1)), options.where))
    .groupBy(listingViewDays.listingId)
    .having(sql`${total} >= ${options.minViews}`)
    .orderBy(sql`${total} desc`, asc(listingViewDays.listingId))
    .limit(options.limit);
}
