import { and, asc, count, eq, gte, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { exchangeRates, listings, listingSlugs, type ListingRow } from "#app/db/schema";
import type { CategoryId } from "#app/domain/category-ids";
import type { ListingCardData, ListingDetailData, LocationOption } from "#app/domain/listing-views";
import { PAGE_SIZE, type ListingQuery } from "#app/domain/listing-query";
import { CATEGORIES } from "#app/domain/categories";
import { bedroomsFilterValue, locationLabelOf, priceRangeOf, yearBucketOf } from "#app/domain/listing-rules";
import { toPublicPhoto } from "#app/domain/listing-photos";
import { priceFrom } from "#app/domain/listing-price";
import { isValidSlug, listingPath } from "#app/domain/listing-slug";
import { listedSql, reachableSql, takesEnquiriesSql } from "./listings-visibility.server";
import { specificationsWithYear } from "#app/domain/listing-year";

export type { ListingCardData, ListingDetailData, LocationOption };

export type ListingPage = { items: ListingCardData[]; total: number; page: number; pageCount: number };

/** The columns a listing card needs: every query that shows cards selects these. */
export const cardColumns = {
  id: listings.id,
  slug: listings.slug,
  category: listings.category,
  status: listings.status,
  title: listings.title,
  priceAmount: listings.priceAmount,
  priceCurrency: listings.priceCurrency,
  location: listings.location,
  year: listings.year,
  specs: listings.specs,
  photos: listings.photos,
};

type CardRow = Pick<ListingRow, keyof typeof cardColumns>;

export function toCardData(row: CardRow): ListingCardData {
  return {
    id: row.id,
    slug: row.slug,
    category: row.category,
    status: row.status,
    title: row.title,
    price: priceFrom(row.priceAmount, row.priceCurrency),
    location: row.location,
    year: row.year,
    specs: row.specs,
    photos: row.photos.map(toPublicPhoto),
  };
}

/** `%`, `_` and `\` typed by a visitor are matched literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The price in US dollars: the amount times its currency's stored rate (docs/decisions/0024), exact numeric.
 * Null for "Price On Request" and for a currency without a rate, which price ranges leave out and price orders put last.
 */
export const usdPrice = sql`(${listings.priceAmount} * (select ${exchangeRates.usdPerUnit} from ${exchangeRates} where ${exchangeRates.currency} = ${listings.priceCurrency}))`;

/** The filter and search rules of spec point 5 as SQL (the same rules as domain/listing-rules.ts), over listed listings. */
function whereFor(category: CategoryId, query: ListingQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(listings.category, category), listedSql({ includeSold: query.sold })];
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
  const priceRange = priceRangeOf(category, query.price);
  if (priceRange) {
    conditions.push(sql`${usdPrice} is not null`);
    if (priceRange.min !== undefined) conditions.push(sql`${usdPrice} >= ${priceRange.min}`);
    if (priceRange.max !== undefined) conditions.push(sql`${usdPrice} < ${priceRange.max}`);
  }
  return and(...conditions) as SQL;
}

/** The order of each sort, ending in the id so every page is stable. */
function orderFor(sort: ListingQuery["sort"]): SQL[] {
  const featured = [asc(listings.position), asc(listings.id)];
  if (sort === "newest") return [sql`${listings.sortYear} desc nulls last`, ...featured];
  if (sort === "price-desc") return [sql`${usdPrice} desc nulls last`, ...featured];
  if (sort === "price-asc") return [sql`${usdPrice} asc nulls last`, ...featured];
  return featured;
}

/** Remembers a count (a category's size, a search's matches) until the catalogue changes; see services/listings-cache. */
export type CountCache = { remember(key: string, ttlMs: number, load: () => Promise<number>): Promise<number> };
const COUNT_TTL_MS = 5 * 60_000;

/**
 * One page of a category list and the number of matches. The page is found in two steps (a deferred join): first
 * the ids of its 24 listings, read in the sort's order from an index that holds what the list's rule needs
 * (listings_public_position_idx, listings_public_newest_idx), so reaching page 400 steps over index entries only;
 * then the cards of just those 24. Reading whole rows in order and dropping the first 9,576 was what made deep
 * pages slow. `counts` keeps each filter's total until the catalogue changes: counting every listing of a
 * 20,000-listing category is the costliest statement of the page.
 */
export async function findListings(
  db: Database,
  category: CategoryId,
  query: ListingQuery,
  options: { counts?: CountCache } = {},
): Promise<ListingPage> {
  const where = whereFor(category, query);
  const order = orderFor(query.sort);
  const pageIds = db
    .select({ id: listings.id })
    .from(listings)
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const countAll = async () => (await db.select({ total: count() }).from(listings).where(where))[0]?.total ?? 0;
  const countKey = `count:${category}:${JSON.stringify({ ...query, sort: undefined, page: undefined })}`;
  const [rows, total] = await Promise.all([
    db
      .select(cardColumns)
      .from(listings)
      .where(inArray(listings.id, pageIds))
      .orderBy(...order),
    options.counts ? options.counts.remember(countKey, COUNT_TTL_MS, countAll) : countAll(),
  ]);
  return { items: rows.map(toCardData), total, page: query.page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/**
 * Distinct location filter options of the listed listings (the last comma part; metals: the first), values
 * lowercased. A recursive "skip scan" over listings_public_location_idx: one index probe per distinct key, so
 * the cost follows the number of locations, not the number of listings (a plain DISTINCT read and sorted all
 * 20,000 rows of a category in the 100,000-listing benchmark).
 */
export async function locationOptions(db: Database, category: CategoryId): Promise<LocationOption[]> {
  const listed = listedSql();
  const result = await db.execute(sql`
    with recursive location_keys as (
      (select ${listings.locationKey} as location_key, ${listings.location} as location from ${listings}
        where ${listings.category} = ${category} and ${listed} and ${listings.locationKey} > '' order by ${listings.locationKey} limit 1)
      union all
      select next.location_key, next.location from location_keys, lateral (
        select ${listings.locationKey} as location_key, ${listings.location} as location from ${listings}
        where ${listings.category} = ${category} and ${listed} and ${listings.locationKey} > location_keys.location_key
        order by ${listings.locationKey} limit 1
      ) as next
    )
    select location_key as key, location from location_keys`);
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as { rows: { key: string; location: string }[] }).rows;
  return rows.map((row) => ({ value: row.key, label: locationLabelOf(category, row.location) || row.key }));
}

/** A listing as its detail page and its brochure show it: a car's, yacht's or jet's year in its details list, once. */
export function toDetailData(row: ListingRow): ListingDetailData {
  return {
    ...toCardData(row),
    description: row.description,
    specifications: specificationsWithYear(row.category, row.year, row.specifications),
    features: row.features,
    lastVerifiedOn: row.lastVerifiedOn,
  };
}

export type PublicListingLookup = { kind: "found"; listing: ListingRow } | { kind: "moved"; path: string; listing: ListingRow } | { kind: "missing" };

/**
 * The listing a public URL names: a reachable listing with this slug in this category, or (for a slug it had
 * before, or a category it moved from) where it lives now, for a 301. Draft, Archived and hidden listings,
 * and anything unknown, are "missing": they answer the category's "… not found" alike.
 */
export async function findPublicListing(db: Database, category: CategoryId, slug: string): Promise<PublicListingLookup> {
  // Anything that cannot be a slug (a NUL byte, upper case, dots) is unknown without asking the database.
  if (!isValidSlug(slug)) return { kind: "missing" };
  const [current] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.category, category), eq(listings.slug, slug), reachableSql))
    .limit(1);
  if (current) return { kind: "found", listing: current };
  const [moved] = await db
    .select({ listing: listings })
    .from(listingSlugs)
    .innerJoin(listings, eq(listings.id, listingSlugs.listingId))
    .where(and(eq(listingSlugs.category, category), eq(listingSlugs.slug, slug), reachableSql))
    .limit(1);
  if (moved && (moved.listing.category !== category || moved.listing.slug !== slug)) {
    return { kind: "moved", path: listingPath(moved.listing), listing: moved.listing };
  }
  return { kind: "missing" };
}

/** Every reachable listing's path and last change: exactly the listings whose page answers (the sitemap's list). */
/** How many listings a visitor can reach (the sitemap's size). */
export async function countReachableListings(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(listings).where(reachableSql);
  return row?.total ?? 0;
}

/**
 * The paths of reachable listings, in a stable order (by id, the primary key's index) so a sitemap page holds
 * the same listings from one request to the next; without `page` every path at once.
 */
export async function visibleListingPaths(db: Database, page?: { offset: number; limit: number }): Promise<{ path: string; updatedAt: Date }[]> {
  const query = db
    .select({ slug: listings.slug, category: listings.category, updatedAt: listings.updatedAt })
    .from(listings)
    .where(reachableSql)
    .orderBy(asc(listings.id));
  const rows = page ? await query.offset(page.offset).limit(page.limit) : await query;
  return rows.map((row) => ({ path: listingPath(row), updatedAt: row.updatedAt }));
}

/**
 * The cards of a visitor's shortlist, in the list's order: reachable listings only (a sold one stays, with its
 * badge, so the visitor learns it was sold); hidden, draft and deleted ones drop out. `forEnquiry`: only those
 * that take enquiries (a sold listing is shown, never enquired about).
 */
export async function findShortlistCards(db: Database, ids: readonly string[], { forEnquiry = false } = {}): Promise<ListingCardData[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .where(and(inArray(listings.id, [...ids]), forEnquiry ? takesEnquiriesSql : reachableSql));
  const byId = new Map(rows.map((row) => [row.id, toCardData(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
