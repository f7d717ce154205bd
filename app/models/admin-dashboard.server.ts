import { count, gte, sql, sum } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contactSubmissions, contentBlocks, listings, mediaItems } from "#app/db/schema";
import { CATEGORY_LIST, type Category } from "#app/domain/categories";

export type EnquiryStatus = "pending" | "processed" | "error";
const STATUSES: EnquiryStatus[] = ["pending", "processed", "error"];
const DAY_MS = 24 * 60 * 60 * 1000;

export type DashboardFigures = {
  listings: { id: Category["id"]; name: string; total: number; visible: number }[];
  enquiries: { last7: Record<EnquiryStatus, number>; last30: Record<EnquiryStatus, number>; unopened: number };
  contentBlocks: number;
  media: { files: number; bytes: number };
};

/** The figures on /edit, each one query against the live tables. */
export async function loadDashboardFigures(db: Database, now = new Date()): Promise<DashboardFigures> {
  const since7 = new Date(now.getTime() - 7 * DAY_MS);
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const [listingRows, enquiryRows, [unopened], [blocks], [media]] = await Promise.all([
    db
      .select({ category: listings.category, total: count(), visible: sql<number>`count(*) filter (where ${listings.visible})`.mapWith(Number) })
      .from(listings)
      .groupBy(listings.category),
    db
      .select({
        status: contactSubmissions.status,
        last7: sql<number>`count(*) filter (where ${contactSubmissions.createdAt} >= ${since7})`.mapWith(Number),
        last30: count(),
      })
      .from(contactSubmissions)
      .where(gte(contactSubmissions.createdAt, since30))
      .groupBy(contactSubmissions.status),
    db
      .select({ value: count() })
      .from(contactSubmissions)
      .where(sql`${contactSubmissions.openedAt} is null`),
    db.select({ value: count() }).from(contentBlocks),
    db.select({ files: count(), bytes: sum(mediaItems.size).mapWith(Number) }).from(mediaItems),
  ]);
  const byCategory = new Map(listingRows.map((row) => [row.category, row]));
  const empty = () => Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<EnquiryStatus, number>;
  const last7 = empty();
  const last30 = empty();
  for (const row of enquiryRows) {
    last7[row.status] = row.last7;
    last30[row.status] = row.last30;
  }
  return {
    listings: CATEGORY_LIST.map((category) => ({
      id: category.id,
      name: category.name,
      total: byCategory.get(category.id)?.total ?? 0,
      visible: byCategory.get(category.id)?.visible ?? 0,
    })),
    enquiries: { last7, last30, unopened: unopened?.value ?? 0 },
    contentBlocks: blocks?.value ?? 0,
    media: { files: media?.files ?? 0, bytes: media?.bytes ?? 0 },
  };
}
