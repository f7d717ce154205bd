import { and, asc, count, eq, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { listings, type ListingRow } from "#app/db/schema";
import type { CategoryId } from "#app/domain/category-ids";
import type { ListingCardData, LocationOption } from "#app/domain/listing-views";
import { PAGE_SIZE, type ListingQuery } from "#app/domain/listing-query";
import { CATEGORIES } from "#app/domain/categories";
import { bedroomsFilterValue, locationLabelOf, yearBucketOf } from "#app/domain/listing-rules";

export type { ListingCardData, LocationOption };

export type ListingPage = { items: ListingCardData[]; total: number; page: number; pageCount: number };

const cardColumns = {
  id: listings.id,
  category: listings.category,
  title: listings.title,
  price: listings.price,
  location: listings.location,
  year: listings.year,
  specs: listings.specs,
  images: listings.images,
};

/** `%`, `_` and `\` typed by a visitor are matched literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The filter and search rules of spec point 5 as SQL (the same rules as domain/listing-rules.ts). */
function whereFor(category: CategoryId, query: ListingQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(listings.category, category), eq(listings.visible, true)];
  if (query.q) conditions.push(sql`${listings.searchText} like ${likePattern(query.q)}`);
  if (query.location) conditions.push(sql`lower(${listings.location}) like ${likePattern(query.location)}`);
  const bedrooms = bedroomsFilterValue(query.bedrooms);
  if (bedrooms !== undefined) conditions.push(or(isNull(listings.bedrooms), eq(listings.bedrooms, bedrooms)));
  if (query.type) conditions.push(or(isNull(listings.propertyType), eq(listings.propertyType, query.type.toLowerCase())));
  const bucket = yearBucketOf(query.year);
  if (bucket && CATEGORIES[category].filters.year) {
    const range = and(
      bucket.min !== undefined ? gte(listings.sortYear, bucket.min) : undefined,
      bucket.max !== undefined ? lte(listings.sortYear, bucket.max) : undefined,
    );
    // Real-estate listings without a numeric Year Built pass (spec point 5).
    conditions.push(CATEGORIES[category].undatedPassYearFilter ? or(isNull(listings.sortYear), range) : range);
  }
  return and(...conditions) as SQL;
}

export async function findListings(db: Database, category: CategoryId, query: ListingQuery): Promise<ListingPage> {
  const where = whereFor(category, query);
  const order =
    query.sort === "newest"
      ? [sql`${listings.sortYear} desc nulls last`, asc(listings.position), asc(listings.id)]
      : [asc(listings.position), asc(listings.id)];
  const [items, [totals]] = await Promise.all([
    db
      .select(cardColumns)
      .from(listings)
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { items, total, page: query.page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/**
 * Distinct location filter options (the last comma part; metals: the first), values lowercased.
 * A recursive "skip scan" over listings_category_location_idx: one index probe per distinct key, so
 * the cost follows the number of locations, not the number of listings (a plain DISTINCT read and
 * sorted all 20,000 rows of a category in the 100,000-listing benchmark).
 */
export async function locationOptions(db: Database, category: CategoryId): Promise<LocationOption[]> {
  const result = await db.execute(sql`
    with recursive location_keys as (
      (select location_key, location from ${listings}
        where category = ${category} and visible and location_key > '' order by location_key limit 1)
      union all
      select next.location_key, next.location from location_keys, lateral (
        select location_key, location from ${listings}
        where category = ${category} and visible and location_key > location_keys.location_key
        order by location_key limit 1
      ) as next
    )
    select location_key as key, location from location_keys`);
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as { rows: { key: string; location: string }[] }).rows;
  return rows.map((row) => ({ value: row.key, label: locationLabelOf(category, row.location) || row.key }));
}

/** A visible listing of the category, or undefined: hidden listings are never reachable. */
export async function findVisibleListing(db: Database, category: CategoryId, id: string): Promise<ListingRow | undefined> {
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.category, category), eq(listings.id, id), eq(listings.visible, true)))
    .limit(1);
  return row;
}

/** Every visible listing's path and last change, for the sitemap. */
export async function visibleListingPaths(db: Database): Promise<{ path: string; updatedAt: Date }[]> {
  const rows = await db
    .select({ id: listings.id, category: listings.category, updatedAt: listings.updatedAt })
    .from(listings)
    .where(eq(listings.visible, true))
    .orderBy(asc(listings.category), asc(listings.position));
  return rows.map((row) => ({ path: `/${row.category}/${row.id}`, updatedAt: row.updatedAt }));
}
