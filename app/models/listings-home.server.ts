import { and, asc, inArray, isNotNull, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { listings, type ListingRow } from "#app/db/schema";
import { CATEGORIES } from "#app/domain/categories";
import { MAX_CAROUSEL_LISTINGS, TRENDING_COUNT, TRENDING_DAYS, TRENDING_MIN_VIEWS, type HomeListing } from "#app/domain/home";
import { toPublicPhoto } from "#app/domain/listing-photos";
import { priceFrom } from "#app/domain/listing-price";
import { listingPath } from "#app/domain/listing-slug";
import { mostViewed } from "./listings-views.server";
import { listedSql } from "./listings-visibility.server";

/**
 * What the home page shows of the catalogue: the carousel's listing slides and Trending Now, both chosen by
 * staff (or by visitors' views) and both filtered by the public rule, so hiding, selling or archiving a
 * listing takes it off the home page at once.
 */
const homeColumns = {
  id: listings.id,
  slug: listings.slug,
  status: listings.status,
  priceAmount: listings.priceAmount,
  priceCurrency: listings.priceCurrency,
  category: listings.category,
  title: listings.title,
  location: listings.location,
  photos: listings.photos,
};

function toHomeListing(row: Pick<ListingRow, keyof typeof homeColumns>): HomeListing {
  const cover = row.photos[0];
  return {
    id: row.id,
    path: listingPath(row),
    status: row.status,
    price: priceFrom(row.priceAmount, row.priceCurrency),
    category: row.category,
    categoryName: CATEGORIES[row.category].name,
    title: row.title,
    location: row.location,
    image: cover ? toPublicPhoto(cover) : undefined,
  };
}

async function listedWhere(db: Database, condition: SQL, order: SQL, limit: number) {
  return db.select(homeColumns).from(listings).where(and(condition, listedSql())).orderBy(order, asc(listings.id)).limit(limit);
}

/** The listing slides after the crypto slide, in the order staff chose. */
export async function homeCarousel(db: Database): Promise<HomeListing[]> {
  const rows = await listedWhere(db, isNotNull(listings.homeSlidePosition), asc(listings.homeSlidePosition), MAX_CAROUSEL_LISTINGS);
  return rows.map(toHomeListing);
}

/**
 * "Most viewed this week": the 3 listed listings with the most distinct visitors over the last 7 days (each
 * with at least TRENDING_MIN_VIEWS), then the staff picks in their order for any place left.
 */
export async function trendingNow(db: Database, now = new Date()): Promise<HomeListing[]> {
  const viewed = await mostViewed(db, { days: TRENDING_DAYS, minViews: TRENDING_MIN_VIEWS, limit: TRENDING_COUNT, where: listedSql(), now });
  const viewedRows = viewed.length
    ? await db
        .select(homeColumns)
        .from(listings)
        .where(
          inArray(
            listings.id,
            viewed.map((row) => row.id),
          ),
        )
    : [];
  const ordered = viewed.flatMap((entry) => viewedRows.filter((row) => row.id === entry.id));
  if (ordered.length < TRENDING_COUNT) {
    const picks = await listedWhere(db, isNotNull(listings.staffPickPosition), asc(listings.staffPickPosition), TRENDING_COUNT + ordered.length);
    for (const pick of picks) {
      if (ordered.length >= TRENDING_COUNT) break;
      if (!ordered.some((row) => row.id === pick.id)) ordered.push(pick);
    }
  }
  return ordered.map(toHomeListing);
}
