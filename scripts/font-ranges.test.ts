import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { CORE_RANGES, LATIN_RANGES, rangeText, REST_RANGES, unicodeRange } from "./font-ranges";

/** The @font-faces of app/fonts.css cut by scripts/subset-fonts.ts (in ./fonts/): file and unicode-range, whitespace collapsed. */
function cutFaces(family: string): { file: string; range: string }[] {
  const css = fs.readFileSync("app/fonts.css", "utf8");
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
    .map((match) => match[1]!)
    .filter((body) => body.includes(`"${family}"`) && body.includes('url("./fonts/'))
    .map((body) => ({
      file: /url\("\.\/fonts\/([^"]+)"\)/.exec(body)?.[1] ?? "",
      range: (/unicode-range:([^;]+);/.exec(body)?.[1] ?? "").replace(/\s+/g, " ").trim(),
    }));
}

describe("the first-paint faces' two parts", () => {
  it("are declared in app/fonts.css with the ranges the subset script cuts them to", () => {
    expect(cutFaces("Inter Variable")).toEqual([
      { file: "inter-latin-core-wght-400-600.woff2", range: unicodeRange(CORE_RANGES) },
      { file: "inter-latin-rest-wght-400-600.woff2", range: unicodeRange(REST_RANGES) },
    ]);
    expect(cutFaces("White Streams Display")).toEqual([
      { file: "display-latin-core-400-normal.woff2", range: unicodeRange(CORE_RANGES) },
      { file: "display-latin-rest-400-normal.woff2", range: unicodeRange(REST_RANGES) },
    ]);
    for (const { file } of [...cutFaces("Inter Variable"), ...cutFaces("White Streams Display")])
      expect(fs.existsSync(`app/fonts/${file}`), file).toBe(true);
  });

  it("cover Fontsource's Latin set between them, each character once", () => {
    const core = [...rangeText(CORE_RANGES)];
    const rest = [...rangeText(REST_RANGES)];
    expect(core.filter((char) => rest.includes(char))).toEqual([]);
    expect([...core, ...rest].sort()).toEqual([...rangeText(LATIN_RANGES)].sort());
  });

  it("put what the site's own words use in the preloaded core, and accented letters in the rest", () => {
    const core = rangeText(CORE_RANGES);
    for (const char of "White Streams · © 2026 · 3,425 mi × 2 – “Price On Request” … €1") expect(core).toContain(char);
    for (const char of "éüñøß") expect(rangeText(REST_RANGES)).toContain(char);
    const root = fs.readFileSync("app/root.tsx", "utf8");
    expect(root).toContain('from "./fonts/inter-latin-core-wght-400-600.woff2?url"');
    expect(root).toContain('from "./fonts/display-latin-core-400-normal.woff2?url"');
  });
});
