import { count, gte, sql, sum } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contactSubmissions, contentBlocks, emailOutbox, listings, mediaItems } from "#app/db/schema";
import { CATEGORY_LIST, type Category } from "#app/domain/categories";
import { PIPELINE_STATUSES, type PipelineStatus } from "#app/domain/enquiry-pipeline-status";
import { reachableSql } from "./listings-visibility.server";

const DAY_MS = 24 * 60 * 60 * 1000;
export const CHART_DAYS = 30;

export type DashboardFigures = {
  listings: { id: Category["id"]; name: string; total: number; visible: number }[];
  enquiries: {
    /** Enquiries received on each of the last 30 days (UTC), oldest first, today last. */
    perDay: { day: string; count: number }[];
    /** Every enquiry by pipeline status. */
    pipeline: Record<PipelineStatus, number>;
    unopened: number;
    /** E-mails waiting to retry, and failed for good (waiting for a retry by hand). */
    mail: { waiting: number; failed: number };
  };
  contentBlocks: number;
  media: { files: number; bytes: number };
};

/** The figures on /edit, each one query against the live tables. */
export async function loadDashboardFigures(db: Database, now = new Date()): Promise<DashboardFigures> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (CHART_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${contactSubmissions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [listingRows, dayRows, pipelineRows, [unopened], [mail], [blocks], [media]] = await Promise.all([
    db
      .select({ category: listings.category, total: count(), visible: sql<number>`count(*) filter (where ${reachableSql})`.mapWith(Number) })
      .from(listings)
      .groupBy(listings.category),
    db.select({ day, count: count() }).from(contactSubmissions).where(gte(contactSubmissions.createdAt, since)).groupBy(day),
    db.select({ status: contactSubmissions.pipelineStatus, count: count() }).from(contactSubmissions).groupBy(contactSubmissions.pipelineStatus),
    db
      .select({ value: count() })
      .from(contactSubmissions)
      .where(sql`${contactSubmissions.openedAt} is null`),
    db
      .select({
        waiting: sql<number>`count(*) filter (where ${emailOutbox.failedAt} is null and ${emailOutbox.attempts} > 0)`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${emailOutbox.failedAt} is not null)`.mapWith(Number),
      })
      .from(emailOutbox)
      .where(sql`${emailOutbox.sentAt} is null`),
    db.select({ value: count() }).from(contentBlocks),
    db.select({ files: count(), bytes: sum(mediaItems.size).mapWith(Number) }).from(mediaItems),
  ]);
  const byCategory = new Map(listingRows.map((row) => [row.category, row]));
  const byDay = new Map(dayRows.map((row) => [row.day, row.count]));
  const perDay = Array.from({ length: CHART_DAYS }, (_, index) => {
    const key = new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    return { day: key, count: byDay.get(key) ?? 0 };
  });
  const pipeline = Object.fromEntries(PIPELINE_STATUSES.map((status) => [status, 0])) as Record<PipelineStatus, number>;
  for (const row of pipelineRows) pipeline[row.status] = row.count;
  return {
    listings: CATEGORY_LIST.map((category) => ({
      id: category.id,
      name: category.name,
      total: byCategory.get(category.id)?.total ?? 0,
      visible: byCategory.get(category.id)?.visible ?? 0,
    })),
    enquiries: { perDay, pipeline, unopened: unopened?.value ?? 0, mail: { waiting: mail?.waiting ?? 0, failed: mail?.failed ?? 0 } },
    contentBlocks: blocks?.value ?? 0,
    media: { files: media?.files ?? 0, bytes: media?.bytes ?? 0 },
  };
}
