import { sql, type SQL } from "drizzle-orm";
import { listings } from "#app/db/schema";
import { LISTED_STATUSES, REACHABLE_STATUSES } from "#app/domain/listing-status";

/**
 * The catalogue's public rule (domain/listing-status.ts) as SQL, for every query that shows listings: category
 * lists, search, the detail page, the enquiry action, the home carousel, Trending Now and the sitemap.
 * The statuses are written as literals, in the same words as the partial indexes' predicate in schema.ts, so the
 * planner can use those indexes (a parameter would hide the values from it).
 */
const literalList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/** Its page answers: shown on the site and Published, Under offer or Sold. */
export const reachableSql: SQL = sql`${listings.visible} and ${listings.status} in (${literalList(REACHABLE_STATUSES)})`;

/** It appears in lists: reachable and not Sold, unless the visitor asked for sold listings too. */
export function listedSql(options: { includeSold?: boolean } = {}): SQL {
  if (options.includeSold) return reachableSql;
  return sql`${reachableSql} and ${listings.status} in (${literalList(LISTED_STATUSES)})`;
}

/** It takes enquiries (domain/listing-status.ts): reachable and not Sold, the same rows as a list without sold ones. */
export const takesEnquiriesSql: SQL = listedSql();
