import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { exchangeRates, listings } from "#app/db/schema";
import type { CategoryId } from "#app/domain/category-ids";
import { CURRENCIES } from "#app/domain/listing-price";
import type { ListingCardData } from "#app/domain/listing-views";
import { listedSql } from "./listings-visibility.server";
import { cardColumns, toCardData, usdPrice } from "./listings.server";

export const SIMILAR_COUNT = 3;

/** How many neighbours each ordered index scan brings for the ranking (per currency and side, per side of the year). */
const NEIGHBOURS = 20;
/** Beyond any year a listing can have (the column is an integer). */
const MAX_YEAR = 32_767;

/**
 * Listings like this one for its detail page: the same category, closest in price and then in year. Closeness is
 * the price ratio (|ln(a ÷ b)|: 10% dearer and 10% cheaper are equally close, whatever the currency, through the
 * stored rates) plus a fiftieth per year apart, so price leads (ten years weigh about as much as a fifth dearer);
 * a listing without a price or year counts as far on that measure.
 *
 * A category may hold tens of thousands of listings, so the measure is never computed for all of them. Small ordered
 * index scans bring the candidates: for each currency, the nearest prices below and above this one
 * (listings_public_price_idx), the nearest years on each side (listings_public_newest_idx) and the first of the
 * featured order (so a category with few prices or years still fills its places); only those are ranked.
 */
export async function findSimilarListings(
  db: Database,
  listing: { id: string; category: CategoryId },
  count = SIMILAR_COUNT,
): Promise<ListingCardData[]> {
  const [target] = await db
    .select({ usd: sql<string | null>`${usdPrice}`, year: listings.sortYear })
    .from(listings)
    .where(eq(listings.id, listing.id));
  if (!target) return [];

  const others = and(eq(listings.category, listing.category), listedSql(), sql`${listings.id} <> ${listing.id}`);
  const candidates: SQL[] = [
    sql`(select ${listings.id} from ${listings} where ${others} order by ${listings.position}, ${listings.id} limit ${count})`,
  ];
  if (target.usd !== null) {
    // The target's price in each listing currency, then the nearest amounts on each side in that currency.
    const fiat = sql.raw(CURRENCIES.map((currency) => `'${currency}'`).join(", "));
    const side = (comparison: SQL, order: SQL) =>
      sql`(select ${listings.id} from ${listings} where ${others} and ${listings.priceCurrency} = rate.currency
        and ${comparison} order by ${order} limit ${NEIGHBOURS})`;
    const amount = sql`(${target.usd}::numeric / rate.usd_per_unit)`;
    candidates.push(sql`(select near.id from (select ${exchangeRates.currency} as currency, ${exchangeRates.usdPerUnit} as usd_per_unit
        from ${exchangeRates} where ${exchangeRates.currency} in (${fiat})) as rate
      cross join lateral (${side(sql`${listings.priceAmount} <= ${amount}`, sql`${listings.priceAmount} desc`)}
        union all ${side(sql`${listings.priceAmount} > ${amount}`, sql`${listings.priceAmount} asc`)}) as near)`);
  }
  if (target.year !== null) {
    candidates.push(
      sql`(select ${listings.id} from ${listings} where ${others} and ${listings.sortYear} <= ${target.year}
        order by ${listings.sortYear} desc nulls last, ${listings.position}, ${listings.id} limit ${NEIGHBOURS})`,
      // Upwards the index runs backwards, which orders ties the wrong way: first find the year of the NEIGHBOURS-th
      // listing above (a short backward scan: "nulls first" is the backward order, and no null passes "> year"),
      // then order only the listings up to that year.
      sql`(select ${listings.id} from ${listings} where ${others} and ${listings.sortYear} > ${target.year}
        and ${listings.sortYear} <= coalesce((select ${listings.sortYear} from ${listings} where ${others} and ${listings.sortYear} > ${target.year}
          order by ${listings.sortYear} asc nulls first offset ${NEIGHBOURS - 1} limit 1), ${MAX_YEAR})
        order by ${listings.sortYear} asc, ${listings.position}, ${listings.id} limit ${NEIGHBOURS})`,
    );
  }

  const priceDistance = target.usd === null ? sql`2` : sql`coalesce(abs(ln(${usdPrice} / ${target.usd}::numeric)), 2)`;
  const yearDistance = target.year === null ? sql`0.5` : sql`coalesce(abs(${listings.sortYear} - ${target.year}) / 50.0, 0.5)`;
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .where(inArray(listings.id, sql`(${sql.join(candidates, sql` union `)})`))
    .orderBy(sql`${priceDistance} + ${yearDistance}`, asc(listings.position), asc(listings.id))
    .limit(count);
  return rows.map(toCardData);
}
