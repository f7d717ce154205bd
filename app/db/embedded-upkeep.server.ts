import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "./client.server";
import { logger } from "#app/services/logger.server";

/**
 * PostgreSQL's autovacuum, for the embedded database, which has none. PGlite runs PostgreSQL in single-user mode.
 * Without this, the tables that grow with every enquiry (the enquiries, their outbox) never get planner statistics
 * and never have their dead row versions cleared. One symptom: with no statistics, the planner took the outbox's
 * due-messages index for a single row, and scanned a backlog of 1,198 due messages to claim one visitor's two. After
 * ANALYZE it used the enquiry's own index: 0.7 ms against 10.7 ms.
 *
 * The rule is autovacuum's own, with PostgreSQL's default thresholds: a table is vacuumed once more than
 * 50 + 20 % of its rows are dead, and analyzed once more than 50 + 10 % have changed since its last analyze. The
 * counters start at zero on every open, so after a restart a table is looked after once it has changed that much again.
 * Either command holds the database thread while it runs (a few hundred milliseconds for a table of thousands of
 * enquiries), so it runs only when a table has earned it, at most once per interval.
 */
export const UPKEEP_INTERVAL_MS = 10 * 60_000;

/** The first pass, shortly after start, not before it: it waits on the disk, which the first visitor should not. */
export const FIRST_PASS_DELAY_MS = 5_000;

const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;

export type UpkeepAction = { table: string; command: "vacuum analyze" | "analyze" };

type TableActivity = { table: string; live: number; dead: number; changedSinceAnalyze: number };

/** What each table needs by autovacuum's rule, from its activity since the database was opened. */
export function upkeepFor(tables: readonly TableActivity[]): UpkeepAction[] {
  const actions: UpkeepAction[] = [];
  for (const { table, live, dead, changedSinceAnalyze } of tables) {
    if (dead > VACUUM_THRESHOLD + VACUUM_SCALE * live) actions.push({ table, command: "vacuum analyze" });
    else if (changedSinceAnalyze > ANALYZE_THRESHOLD + ANALYZE_SCALE * live) actions.push({ table, command: "analyze" });
  }
  return actions;
}

/** One pass: reads every table's activity, then vacuums or analyzes those past their thresholds. */
export async function runUpkeep(db: Database): Promise<UpkeepAction[]> {
  // Statistics reach the shared counters lazily; this makes the next statement hand them over.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select 1`);
  const result = await db.execute(sql`
    select relname as "table", n_live_tup::int as live, n_dead_tup::int as dead, n_mod_since_analyze::int as "changedSinceAnalyze"
    from pg_stat_user_tables where schemaname = 'public'`);
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as { rows: TableActivity[] }).rows;
  const actions = upkeepFor(rows);
  for (const { table, command } of actions) {
    // Table names come from the catalogue, never from input; quoted all the same.
    await db.execute(sql.raw(`${command} "${table.replaceAll('"', '""')}"`));
  }
  return actions;
}

/**
 * Starts the upkeep of an embedded database: the first pass shortly after start, then one every interval. The first pass
 * also vacuums and analyzes the listings whatever their counters say: the catalogue's counts use index-only scans,
 * which need the visibility map that a vacuum keeps. Does nothing on PostgreSQL, which has its own autovacuum.
 */
export function startEmbeddedUpkeep(database: DatabaseHandle, intervalMs = UPKEEP_INTERVAL_MS): { stop(): void } {
  if (database.kind !== "pglite") return { stop() {} };
  let timer: NodeJS.Timeout;
  let stopped = false;
  const pass = async (first: boolean) => {
    try {
      if (first) await database.db.execute(sql`vacuum analyze listings`);
      const actions = await runUpkeep(database.db);
      if (actions.length) logger.info({ actions }, "embedded database upkeep");
    } catch (error) {
      logger.warn({ err: error }, "the embedded database's upkeep failed; trying again at the next interval");
    }
    if (!stopped) timer = setTimeout(() => void pass(false), intervalMs).unref();
  };
  timer = setTimeout(() => void pass(true), FIRST_PASS_DELAY_MS).unref();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
