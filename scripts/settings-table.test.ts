import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { settingsTable, withSettingsTable } from "./settings-table";

describe("README settings table", () => {
  it("documents every setting of app/env.server.ts with its default, and is up to date", () => {
    const source = fs.readFileSync("app/env.server.ts", "utf8");
    const table = settingsTable(source);
    const keys = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]);
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(table).toContain(`| \`${key}\` |`);
    expect(table).toContain("| `PORT` | `3000` |");
    const undocumented = table.split("\n").filter((row) => row.endsWith("|  |"));
    expect(undocumented, "every setting needs a /** doc comment */").toEqual([]);
    const readme = fs.readFileSync("README.md", "utf8");
    expect(withSettingsTable(readme, table), "run `npm run docs:settings`").toBe(readme);
  });
});
