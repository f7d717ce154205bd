import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { runUpkeep, upkeepFor } from "./embedded-upkeep.server";

describe("the embedded database's upkeep (autovacuum's rule)", () => {
  it("vacuums a table once more than 50 + 20 % of its rows are dead, and analyzes one once 50 + 10 % have changed", () => {
    expect(
      upkeepFor([
        { table: "churned", live: 1000, dead: 251, changedSinceAnalyze: 251 },
        { table: "grown", live: 1000, dead: 0, changedSinceAnalyze: 151 },
        { table: "quiet", live: 1000, dead: 250, changedSinceAnalyze: 150 },
        { table: "new", live: 0, dead: 0, changedSinceAnalyze: 51 },
      ]),
    ).toEqual([
      { table: "churned", command: "vacuum analyze" },
      { table: "grown", command: "analyze" },
      { table: "new", command: "analyze" },
    ]);
  });

  describe("on PGlite", () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openDatabase({});
      await handle.db.execute(sql`create table upkeep_churned (id int primary key, note text)`);
      await handle.db.execute(sql`create table upkeep_quiet (id int primary key, note text)`);
      await handle.db.execute(sql`insert into upkeep_churned select n, 'first' from generate_series(1, 200) as n`);
      await handle.db.execute(sql`update upkeep_churned set note = 'second' where id <= 150`);
      await handle.db.execute(sql`insert into upkeep_quiet select n, 'only' from generate_series(1, 20) as n`);
    });
    afterAll(() => handle.close());

    const tableState = async (table: string) => {
      const result = await handle.db.execute(
        sql`select n_dead_tup::int as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
            from pg_stat_user_tables where relname = ${table}`,
      );
      return (result as { rows: { dead: number; vacuumed: boolean; analyzed: boolean }[] }).rows[0];
    };

    it("vacuums and analyzes the table with many dead rows, leaves the quiet one alone, and gives the planner statistics", async () => {
      const actions = await runUpkeep(handle.db);
      expect(actions).toContainEqual({ table: "upkeep_churned", command: "vacuum analyze" });
      expect(actions.map((action) => action.table)).not.toContain("upkeep_quiet");

      await handle.db.execute(sql`select pg_stat_force_next_flush()`);
      await handle.db.execute(sql`select 1`);
      expect(await tableState("upkeep_churned")).toEqual({ dead: 0, vacuumed: true, analyzed: true });
      expect(await tableState("upkeep_quiet")).toMatchObject({ vacuumed: false, analyzed: false });
      const planned = await handle.db.execute(sql`select reltuples::int as rows from pg_class where relname = 'upkeep_churned'`);
      expect((planned as { rows: { rows: number }[] }).rows[0]?.rows).toBe(200);

      // Nothing has changed since: the next pass has nothing to do for it.
      expect((await runUpkeep(handle.db)).map((action) => action.table)).not.toContain("upkeep_churned");
    });
  });
});
