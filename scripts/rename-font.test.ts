import { createRequire } from "node:module";
import fs from "node:fs";
import subsetFont from "subset-font";
import { describe, expect, it } from "vitest";
import { nameRecords, renameFont } from "./rename-font";

const require = createRequire(import.meta.url);
const PLAYFAIR = require.resolve("@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2");

describe("renameFont", () => {
  it("names a cut Playfair Display anew and keeps its copyright notice word for word", async () => {
    const sfnt = await subsetFont(fs.readFileSync(PLAYFAIR), "White Streams", { targetFormat: "sfnt" });
    const before = nameRecords(sfnt);
    expect(before).toContain("1:Playfair Display");

    const renamed = renameFont(sfnt, "Playfair Display", "White Streams Display");
    const after = nameRecords(renamed);
    expect(after).toContain("1:White Streams Display");
    expect(after).toContain("4:White Streams Display Regular");
    expect(after).toContain("6:WhiteStreamsDisplay-Regular");
    expect(after.filter((record) => !record.startsWith("0:") && record.includes("Playfair"))).toEqual([]);
    expect(after.find((record) => record.startsWith("0:"))).toBe(before.find((record) => record.startsWith("0:")));
    // Still a font HarfBuzz reads, with its glyphs: packed as WOFF2 the way the subset script does.
    const woff2 = await subsetFont(renamed, "White Streams", { targetFormat: "woff2" });
    expect(woff2.subarray(0, 4).toString("latin1")).toBe("wOF2");
    expect(woff2.length).toBeGreaterThan(1000);
  });

  it("leaves every table but the name table as it was", async () => {
    const sfnt = await subsetFont(fs.readFileSync(PLAYFAIR), "Luxury", { targetFormat: "sfnt" });
    const tables = (font: Buffer) => {
      const found = new Map<string, string>();
      for (let index = 0; index < font.readUInt16BE(4); index++) {
        const record = 12 + index * 16;
        const tag = font.toString("latin1", record, record + 4);
        const offset = font.readUInt32BE(record + 8);
        const data = font.subarray(offset, offset + font.readUInt32BE(record + 12));
        // head's checksum adjustment (bytes 8-11) covers the whole file, so it changes with any table.
        found.set(tag, tag === "head" ? Buffer.concat([data.subarray(0, 8), data.subarray(12)]).toString("hex") : data.toString("hex"));
      }
      return found;
    };
    const before = tables(sfnt);
    const after = tables(renameFont(sfnt, "Playfair Display", "White Streams Display"));
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [tag, data] of before) if (tag !== "name") expect(after.get(tag), tag).toBe(data);
  });
});
