import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { isClientDataException } from "./data-exception.server";
import { PgliteThread } from "./pglite-thread.server";
import { isDatabaseUnavailable } from "./unavailable.server";
import { isUniqueViolation } from "./unique-violation.server";

/** A promise's state without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
}

/**
 * Opens a transaction that writes `statement` and stays open until `end()`, which commits it; resolves once the
 * transaction has started.
 */
async function openTransaction(thread: PgliteThread, statement: string): Promise<{ end(): Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const transaction = thread.transaction(async (tx) => {
    await tx.query(statement);
    await held;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    end: () => {
      release();
      return transaction;
    },
  };
}

describe("the embedded database on its own thread", () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await PgliteThread.start({ dataDir: undefined });
    await thread.exec("create table notes (id int primary key, body text not null, data jsonb, raw bytea)");
  });
  afterAll(() => thread.close());

  it("answers statements with their rows, in either row mode, with values of every kind", async () => {
    const bytes = new Uint8Array([0, 1, 254, 255]);
    await thread.query("insert into notes values ($1, $2, $3, $4)", [1, "first", JSON.stringify({ tags: ["a"] }), bytes]);
    const asObjects = await thread.query<{ id: number; body: string; data: unknown; raw: Uint8Array }>("select * from notes where id = $1", [1]);
    expect(asObjects.rows).toEqual([{ id: 1, body: "first", data: { tags: ["a"] }, raw: bytes }]);
    const asArrays = await thread.query("select id, body from notes", [], { rowMode: "array" });
    expect(asArrays.rows).toEqual([[1, "first"]]);
    expect(asArrays.fields.map((field) => field.name)).toEqual(["id", "body"]);
  });

  it("applies the caller's parsers, which cannot cross to the thread, to the values of their types", async () => {
    const INT4 = 23;
    const result = await thread.query<{ n: unknown; label: string }>("select 7 as n, 'seven' as label", [], {
      parsers: { [INT4]: (text) => `#${text}` },
    });
    expect(result.rows).toEqual([{ n: "#7", label: "seven" }]);
  });

  it("commits a transaction's writes, and leaves nothing of one that failed, rethrowing its error", async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (2, 'kept')");
    });
    const failure = new Error("changed my mind");
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into notes (id, body) values (3, 'dropped')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    const ids = await thread.query<{ id: number }>("select id from notes order by id");
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it("holds statements from outside an open transaction until it ends, as PGlite does", async () => {
    const open = await openTransaction(thread, "insert into notes (id, body) values (4, 'inside')");
    const outside = thread.query<{ count: number }>("select count(*)::int as count from notes");
    expect(await settled(outside)).toBe(false);
    await open.end();
    expect((await outside).rows[0]!.count).toBe(3);
  });

  it("passes PostgreSQL's errors on with their code, so the app still tells a duplicate or a bad value from a fault", async () => {
    const duplicate = await thread.query("insert into notes (id, body) values (1, 'again')").catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect((duplicate as { constraint?: string }).constraint).toBe("notes_pkey");
    const badNumber = await thread.query("select $1::int", ["seven"]).catch((error: unknown) => error);
    expect(isClientDataException(badNumber)).toBe(true);
    expect(isDatabaseUnavailable(badNumber)).toBe(false);
  });

  it("hears NOTIFY on a channel it listens to, until it stops listening", async () => {
    const heard: string[] = [];
    const unlisten = await thread.listen("news", (payload) => heard.push(payload));
    await thread.query("select pg_notify('news', 'first')");
    await thread.query("select pg_notify('elsewhere', 'not for us')");
    await unlisten();
    await thread.query("select pg_notify('news', 'after')");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(["first"]);
  });
});

describe("the app's prepared statements on the embedded database", () => {
  let thread: PgliteThread;
  const namedStatements = async () =>
    (await thread.query<{ statement: string }>("select statement from pg_prepared_statements order by prepare_time")).rows.map(
      (row) => row.statement,
    );
  beforeAll(async () => {
    thread = await PgliteThread.start({ dataDir: undefined });
    await thread.exec("create table items (id int primary key, label text not null, added timestamptz not null default now(), data jsonb)");
  });
  afterAll(() => thread.close());

  it("are parsed once under a name and answer as any statement does, each run with its own values", async () => {
    const insert = "insert into items (id, label, data) values ($1, $2, $3) returning id, label, data";
    thread.prepare(insert);
    const first = await thread.query(insert, [1, "first", JSON.stringify({ tags: ["a"] })]);
    const second = await thread.query(insert, [2, "second", null]);
    expect(first.rows).toEqual([{ id: 1, label: "first", data: { tags: ["a"] } }]);
    expect(second.rows).toEqual([{ id: 2, label: "second", data: null }]);
    expect(second.affectedRows).toBe(1);
    expect(await namedStatements()).toEqual([insert]);
    // Unmarked statements stay unnamed.
    expect((await thread.query<{ n: number }>("select count(*)::int as n from items")).rows).toEqual([{ n: 2 }]);
    expect(await namedStatements()).toEqual([insert]);
  });

  it("leave the caller's types as text, and rows as arrays when asked", async () => {
    const select = "select id, added from items where id = $1";
    thread.prepare(select);
    const TIMESTAMPTZ = 1184;
    const result = await thread.query<[number, unknown]>(select, [1], { rowMode: "array", parsers: { [TIMESTAMPTZ]: (text) => `at ${text}` } });
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]![0]).toBe(1);
    expect(result.rows[0]![1]).toMatch(/^at \d{4}-\d{2}-\d{2} /);
  });

  it("pass PostgreSQL's errors on, and their notices reach listeners", async () => {
    const insert = "insert into items (id, label) values ($1, $2) returning pg_notify('items', label)";
    thread.prepare(insert);
    const heard: string[] = [];
    const unlisten = await thread.listen("items", (payload) => heard.push(payload));
    await thread.query(insert, [3, "third"]);
    const duplicate = await thread.query(insert, [3, "again"]).catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    await thread.query(insert, [4, "fourth"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await unlisten();
    expect(heard).toEqual(["third", "fourth"]);
  });

  it("wait for an open transaction to end, as every statement does", async () => {
    const count = "select count(*)::int as n from items where id > $1";
    thread.prepare(count);
    const open = await openTransaction(thread, "insert into items (id, label) values (10, 'inside')");
    const outside = thread.query<{ n: number }>(count, [0]);
    expect(await settled(outside)).toBe(false);
    await open.end();
    expect((await outside).rows).toEqual([{ n: 5 }]);
  });

  it("are parsed again when a migration changes the table under them", async () => {
    const everything = "select * from items where id = $1";
    thread.prepare(everything);
    expect(Object.keys((await thread.query<object>(everything, [1])).rows[0]!)).toEqual(["id", "label", "added", "data"]);
    await thread.exec("alter table items add column note text");
    expect((await thread.query<object>(everything, [1])).rows[0]).toMatchObject({ id: 1, note: null });
    expect((await namedStatements()).filter((statement) => statement === everything)).toHaveLength(1);
  });
});

describe("the embedded database's files", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-pglite-thread-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("keeps what was written after the database is closed and opened again", async () => {
    const first = await openDatabase({ pgliteDir: dir });
    await first.db.execute(sql`create table kept (word text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();
    await expect(first.db.execute(sql`select 1`)).rejects.toThrow();

    const second = await openDatabase({ pgliteDir: dir });
    try {
      const result = await second.db.execute(sql`select word from kept`);
      expect((result as { rows: unknown[] }).rows).toEqual([{ word: "still here" }]);
    } finally {
      await second.close();
    }
  });
});

describe("when the database's thread dies", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
  });

  it("fails what was waiting and what comes after as an unreachable database, answered 503, not a hang", async () => {
    const thread = handle.raw as PgliteThread;
    const waiting = handle.db.execute(sql`select pg_sleep(0.5)`);
    // The thread ending under the app, as a crash of the WebAssembly runtime would end it.
    await (thread as unknown as { worker: Worker }).worker.terminate();
    const failedWhileWaiting = await waiting.catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failedWhileWaiting)).toBe(true);
    const failedAfter = await handle.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failedAfter)).toBe(true);
    expect(await handle.ping()).toBe(false);
  });
});
