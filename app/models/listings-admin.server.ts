import { and, asc, count, desc, eq, gte, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { listings, listingViewDays } from "#app/db/schema";
import { CATEGORY_IDS, type CategoryId } from "#app/domain/category-ids";
import { toPhotoView } from "#app/domain/listing-photos";
import { priceFrom } from "#app/domain/listing-price";
import { LISTING_STATUSES, type ListingStatus } from "#app/domain/listing-status";
import {
  ADMIN_LISTINGS_PAGE_SIZE,
  defaultDirection,
  isAdminListingSort,
  type AdminListingQuery,
  type AdminListingRow,
  type AdminListingSort,
} from "#app/domain/listings-admin";
import { dayOf, daysBefore, listingStats } from "./listings-views.server";
import { usdPrice } from "./listings.server";

/** The listings manager's table: every listing (whatever its status), searched, filtered, sorted and paged. */
export function parseAdminListingQuery(params: URLSearchParams): AdminListingQuery {
  const category = params.get("category") ?? "";
  const status = params.get("status") ?? "";
  const sort = params.get("sort") ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const chosen: AdminListingSort = isAdminListingSort(sort) ? sort : "updated";
  const direction = params.get("dir");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    category: (CATEGORY_IDS as readonly string[]).includes(category) ? (category as CategoryId) : "",
    status: (LISTING_STATUSES as readonly string[]).includes(status) || status === "hidden" ? (status as ListingStatus | "hidden") : "",
    sort: chosen,
    direction: direction === "asc" || direction === "desc" ? direction : defaultDirection(chosen),
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 10_000) : 1,
  };
}

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function listListingsForAdmin(
  db: Database,
  query: AdminListingQuery,
  now = new Date(),
): Promise<{ items: AdminListingRow[]; total: number; page: number; pageCount: number }> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(sql`lower(${listings.title}) like ${likePattern(query.q)}`);
  if (query.category) conditions.push(eq(listings.category, query.category));
  if (query.status === "hidden") conditions.push(eq(listings.visible, false));
  else if (query.status) conditions.push(eq(listings.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;

  const since = daysBefore(dayOf(now), 29);
  const recentViews = db
    .select({ listingId: listingViewDays.listingId, views: sql<number>`sum(${listingViewDays.views})`.mapWith(Number).as("views") })
    .from(listingViewDays)
    .where(gte(listingViewDays.day, since))
    .groupBy(listingViewDays.listingId)
    .as("recent_views");
  // Each order in the direction asked for; ties in a stable order. Listings on request come last either way.
  const way = (column: SQL | AnyColumn) => (query.direction === "asc" ? asc(column) : desc(column));
  const menuOrder = sql`array_position(array[${sql.raw(CATEGORY_IDS.map((id) => `'${id}'`).join(", "))}]::text[], ${listings.category})`;
  const lifecycle = sql`array_position(array[${sql.raw(LISTING_STATUSES.map((id) => `'${id}'`).join(", "))}]::text[], ${listings.status})`;
  const order: SQL[] = {
    updated: [way(listings.updatedAt), asc(listings.id)],
    title: [way(sql`lower(${listings.title})`), asc(listings.id)],
    category: [way(menuOrder), asc(sql`lower(${listings.title})`), asc(listings.id)],
    price: [sql`${usdPrice} ${sql.raw(query.direction)} nulls last`, asc(sql`lower(${listings.title})`), asc(listings.id)],
    status: [way(lifecycle), desc(listings.updatedAt), asc(listings.id)],
    views: [sql`coalesce(${recentViews.views}, 0) ${sql.raw(query.direction)}`, desc(listings.updatedAt), asc(listings.id)],
    featured: [way(menuOrder), way(listings.position), asc(listings.id)],
  }[query.sort];

  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: listings.id,
        slug: listings.slug,
        title: listings.title,
        category: listings.category,
        status: listings.status,
        visible: listings.visible,
        priceAmount: listings.priceAmount,
        priceCurrency: listings.priceCurrency,
        photos: listings.photos,
        version: listings.version,
        isSample: listings.isSample,
        updatedAt: listings.updatedAt,
      })
      .from(listings)
      .leftJoin(recentViews, eq(recentViews.listingId, listings.id))
      .where(where)
      .orderBy(...order)
      .limit(ADMIN_LISTINGS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_LISTINGS_PAGE_SIZE),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  const stats = await listingStats(
    db,
    rows.map((row) => row.id),
    now,
  );
  const total = totals?.total ?? 0;
  return {
    items: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      category: row.category,
      status: row.status,
      visible: row.visible,
      price: priceFrom(row.priceAmount, row.priceCurrency),
      cover: row.photos[0] ? toPhotoView(row.photos[0]) : undefined,
      photoCount: row.photos.length,
      version: row.version,
      isSample: row.isSample,
      updatedAt: row.updatedAt.toISOString(),
      stats: stats.get(row.id)!,
    })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_LISTINGS_PAGE_SIZE)),
  };
}
