import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import type { DatabaseHandle } from "./client.server";
import { isClientDataException } from "./data-exception.server";
import { isDatabaseUnavailable } from "./unavailable.server";

/** The error a query really throws on this database (through Drizzle, as the app's code meets it). */
async function errorOf(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await handle.db.execute(query);
  } catch (error) {
    return error;
  }
  throw new Error("the query did not fail");
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`client data the database refuses (${kind})`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      // Plain tables (a pool's connections do not share temporary ones), in this test's own database.
      await handle.db.execute(sql`create table short_text (value varchar(3))`);
      await handle.db.execute(sql`create table unique_test (id integer primary key)`);
    });
    afterAll(() => handle?.close());

    it.each([
      ["a NUL character in text (22021)", sql`select ${"a\u0000b"}::text`],
      ["a NUL escape in JSON (22P05)", sql`select ${'{"alt":"a\\u0000b"}'}::jsonb`],
      ["text where a number is expected (22P02)", sql`select ${"12abc"}::integer`],
      ["text where a UUID is expected (22P02)", sql`select ${"not-a-uuid"}::uuid`],
      ["a value too long for its column (22001)", sql`insert into short_text values (${"abcdef"})`],
      ["a number out of range (22003)", sql`select ${"99999999999"}::integer`],
    ])("recognises %s", async (_name, query) => {
      const error = await errorOf(handle, query);
      expect(isClientDataException(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(false);
    });

    it("leaves other database errors alone: a missing table, a broken constraint", async () => {
      expect(isClientDataException(await errorOf(handle, sql`select * from no_such_table`))).toBe(false);
      await handle.db.execute(sql`insert into unique_test values (1)`);
      expect(isClientDataException(await errorOf(handle, sql`insert into unique_test values (1)`))).toBe(false);
    });
  });
}

describe("client data exceptions", () => {
  it("are found through wrapping errors, and nothing else counts", () => {
    const driverError = Object.assign(new Error("invalid byte sequence"), { code: "22021" });
    expect(isClientDataException(new Error("Failed query", { cause: driverError }))).toBe(true);
    expect(isClientDataException(Object.assign(new Error("x"), { code: "08006" }))).toBe(false);
    expect(isClientDataException(Object.assign(new Error("x"), { code: "ECONNRESET" }))).toBe(false);
    expect(isClientDataException("22021")).toBe(false);
    expect(isClientDataException(null)).toBe(false);
  });
});
