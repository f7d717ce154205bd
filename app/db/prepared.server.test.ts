import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findStoredForm } from "#app/models/submissions.server";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { PgliteThread } from "./pglite-thread.server";

describe("prepared statements on the embedded database", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({});
    await handle.migrate();
  });
  afterAll(() => handle.close());

  it("run under a name on the database's thread, parsed once however often they run", async () => {
    const thread = handle.raw as PgliteThread;
    const named = async () => (await thread.query<{ statement: string }>("select statement from pg_prepared_statements")).rows;
    expect(await named()).toEqual([]);
    expect(await findStoredForm(handle.db, randomUUID())).toBeNull();
    expect(await findStoredForm(handle.db, randomUUID())).toBeNull();
    const statements = await named();
    expect(statements).toHaveLength(1);
    expect(statements[0]!.statement).toMatch(/from "contact_submissions" where "contact_submissions"\."submission_id" = \$1/);
  });

  it("reach a thread started by another copy of the module (the compiled host and the server build each bundle one)", async () => {
    vi.resetModules();
    const copy = await import("./pglite-thread.server");
    expect(copy.PgliteThread).not.toBe(PgliteThread);
    expect(handle.raw).not.toBeInstanceOf(copy.PgliteThread);
    expect(copy.PgliteThread.isThread(handle.raw)).toBe(true);
    expect(copy.PgliteThread.isThread({ prepare() {} })).toBe(false);
  });
});
