import path from "node:path";
import type { PgliteThread } from "#app/db/pglite-thread.server";
import { count, getTableColumns, sql } from "drizzle-orm";
import { openDatabase, type Database } from "#app/db/client.server";
import { listings, type NewListingRow } from "#app/db/schema";
import { catalogue } from "#app/db/seed/catalogue";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { CATEGORIES } from "#app/domain/categories";
import { parseListingQuery } from "#app/domain/listing-query";
import { toListingRow } from "#app/models/listing-row";
import { findListings, locationOptions } from "#app/models/listings.server";
import { log } from "./common";
import { syntheticListing } from "./synthetic-listings";

/**
 * Fills a separate PGlite database (DATA_DIR/db, as the server opens it) with the seed catalogue
 * plus synthetic listings up to `total`, through the app's own migrations and toListingRow(), then
 * runs VACUUM ANALYZE, as PostgreSQL's autovacuum does after a bulk insert on a real server (PGlite
 * has no autovacuum: without it the planner has no statistics and counts cannot use index-only scans).
 */
export async function buildLargeCatalogue(
  dataDir: string,
  total: number,
  batchSize = 5000,
): Promise<{ listings: number; seconds: number; reused: boolean }> {
  const started = Date.now();
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  try {
    await handle.migrate();
    const [existing] = await handle.db.select({ count: count() }).from(listings);
    if ((existing?.count ?? 0) >= total) return { listings: existing!.count, seconds: (Date.now() - started) / 1000, reused: true };
    await seedCatalogue(handle.db);
    const synthetic = total - catalogue.length;
    const firstPosition = (catalogue.length + 1) * 10;
    for (let start = 0; start < synthetic; start += batchSize) {
      const rows = [];
      for (let index = start; index < Math.min(start + batchSize, synthetic); index++) {
        rows.push(toListingRow(syntheticListing(index), firstPosition + index * 10));
      }
      await insertAsJson(handle.db, rows);
      if ((start / batchSize) % 4 === 3) log(`  ${start + rows.length + catalogue.length} listings written`);
    }
    await handle.db.execute(sql`vacuum analyze listings`);
    const [row] = await handle.db.select({ count: count() }).from(listings);
    return { listings: row?.count ?? 0, seconds: (Date.now() - started) / 1000, reused: false };
  } finally {
    await handle.close();
  }
}

/**
 * Inserts rows made by toListingRow() as one JSON parameter (json_populate_recordset) rather than as drizzle's
 * statement with a parameter per value (some 30,000 for 1,000 listings, each sent, bound and converted on its own):
 * about a fifth less time for the 100,000 listings. Only the columns the rows carry are named, so the others keep
 * their defaults.
 */
async function insertAsJson(db: Database, rows: NewListingRow[]) {
  const columns = getTableColumns(listings);
  const keys = Object.keys(rows[0]!) as (keyof NewListingRow)[];
  const names = sql.raw(keys.map((key) => `"${columns[key].name}"`).join(", "));
  // Dates become ISO strings, jsonb columns stay nested JSON, and PostgreSQL reads both back into their columns' types.
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((key) => [columns[key].name, row[key] ?? null]))));
  await db.execute(
    sql`insert into listings (${names}) select ${names} from json_populate_recordset(null::listings, ${json}::json) on conflict (id) do nothing`,
  );
}

export type QueryPlan = { page: string; sql: string; plan: string; executionMs: number };

/**
 * EXPLAIN ANALYZE of the exact statements the category page runs (captured from the driver while
 * the app's own model functions execute), so the report shows which indexes they use.
 */
export async function explainCategoryQueries(dataDir: string, pages: { category: keyof typeof CATEGORIES; search: string }[]): Promise<QueryPlan[]> {
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  const client = handle.raw as PgliteThread;
  const plans: QueryPlan[] = [];
  try {
    for (const { category, search } of pages) {
      const captured: { text: string; params: unknown[] }[] = [];
      const original = client.query.bind(client);
      client.query = (text, params, options) => {
        captured.push({ text, params: params ?? [] });
        return original(text, params, options);
      };
      try {
        const query = parseListingQuery(new URLSearchParams(search), CATEGORIES[category]);
        await Promise.all([findListings(handle.db, category, query), locationOptions(handle.db, category)]);
      } finally {
        client.query = original;
      }
      for (const statement of captured) {
        const result = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers off) ${statement.text}`, statement.params);
        const plan = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
        const executionMs = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN);
        plans.push({ page: `/${category}${search ? `?${search}` : ""}`, sql: statement.text, plan, executionMs });
      }
    }
  } finally {
    await handle.close();
  }
  return plans;
}
