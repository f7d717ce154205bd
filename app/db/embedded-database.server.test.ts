import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { embeddedDatabaseDir, isNewEmbeddedDatabase } from "./embedded-database.server";

describe("telling a first start from a later one", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-first-start-"));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("sees a new embedded database when DATA_DIR has no database folder, or an empty one", () => {
    expect(isNewEmbeddedDatabase({ dataDir, DATABASE_URL: undefined })).toBe(true);
    fs.mkdirSync(embeddedDatabaseDir({ dataDir }));
    expect(isNewEmbeddedDatabase({ dataDir, DATABASE_URL: undefined })).toBe(true);
  });

  it("sees an existing one once the folder holds files, and never with PostgreSQL chosen", () => {
    fs.mkdirSync(embeddedDatabaseDir({ dataDir }));
    fs.writeFileSync(path.join(embeddedDatabaseDir({ dataDir }), "PG_VERSION"), "17\n");
    expect(isNewEmbeddedDatabase({ dataDir, DATABASE_URL: undefined })).toBe(false);
    fs.rmSync(embeddedDatabaseDir({ dataDir }), { recursive: true });
    expect(isNewEmbeddedDatabase({ dataDir, DATABASE_URL: "postgres://localhost/app" })).toBe(false);
  });
});
