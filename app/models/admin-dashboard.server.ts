import { count, gte, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { contactSubmissions, contentBlocks, emailOutbox, listings } from "#app/db/schema";
import { CATEGORY_LIST, type Category } from "#app/domain/categories";
import { PIPELINE_STATUSES, type PipelineStatus } from "#app/domain/enquiry-pipeline-status";
import { canAccess } from "#app/domain/staff-roles";
import { reachableSql } from "./listings-visibility.server";
import { storageSummary, type StorageSummary } from "./media.server";

const DAY_MS = 24 * 60 * 60 * 1000;
export const CHART_DAYS = 30;

type ListingFigures = { id: Category["id"]; name: string; total: number; visible: number }[];

type EnquiryFigures = {
  /** Enquiries received on each of the last 30 days (UTC), oldest first, today last. */
  perDay: { day: string; count: number }[];
  /** Every enquiry by pipeline status. */
  pipeline: Record<PipelineStatus, number>;
  unopened: number;
  /** E-mails waiting to retry, and failed for good (waiting for a retry by hand). */
  mail: { waiting: number; failed: number };
};

/**
 * The figures on /edit. Each part belongs to an area of the admin (domain/staff-roles.ts) and is read, and sent
 * to the page, only for a role that may open that area: hiding a panel in the page would still ship its numbers.
 */
export type DashboardFigures = {
  listings?: ListingFigures;
  enquiries?: EnquiryFigures;
  contentBlocks?: number;
  media?: StorageSummary;
};

export async function loadDashboardFigures(db: Database, role: string, now = new Date()): Promise<DashboardFigures> {
  const [listingFigures, enquiries, blocks, media] = await Promise.all([
    canAccess(role, "listings") ? loadListingFigures(db) : undefined,
    canAccess(role, "enquiries") ? loadEnquiryFigures(db, now) : undefined,
    canAccess(role, "content") ? countContentBlocks(db) : undefined,
    // The media page's own summary: one query for the library's size, wherever it is shown.
    canAccess(role, "media") ? storageSummary(db) : undefined,
  ]);
  return {
    ...(listingFigures ? { listings: listingFigures } : {}),
    ...(enquiries ? { enquiries } : {}),
    ...(blocks !== undefined ? { contentBlocks: blocks } : {}),
    ...(media ? { media } : {}),
  };
}

async function loadListingFigures(db: Database): Promise<ListingFigures> {
  const rows = await db
    .select({ category: listings.category, total: count(), visible: sql<number>`count(*) filter (where ${reachableSql})`.mapWith(Number) })
    .from(listings)
    .groupBy(listings.category);
  const byCategory = new Map(rows.map((row) => [row.category, row]));
  return CATEGORY_LIST.map((category) => ({
    id: category.id,
    name: category.name,
    total: byCategory.get(category.id)?.total ?? 0,
    visible: byCategory.get(category.id)?.visible ?? 0,
  }));
}

async function loadEnquiryFigures(db: Database, now: Date): Promise<EnquiryFigures> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (CHART_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${contactSubmissions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [dayRows, pipelineRows, [unopened], [mail]] = await Promise.all([
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
  ]);
  const byDay = new Map(dayRows.map((row) => [row.day, row.count]));
  const perDay = Array.from({ length: CHART_DAYS }, (_, index) => {
    const key = new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    return { day: key, count: byDay.get(key) ?? 0 };
  });
  const pipeline = Object.fromEntries(PIPELINE_STATUSES.map((status) => [status, 0])) as Record<PipelineStatus, number>;
  for (const row of pipelineRows) pipeline[row.status] = row.count;
  return { perDay, pipeline, unopened: unopened?.value ?? 0, mail: { waiting: mail?.waiting ?? 0, failed: mail?.failed ?? 0 } };
}

async function countContentBlocks(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contentBlocks);
  return row?.value ?? 0;
}
