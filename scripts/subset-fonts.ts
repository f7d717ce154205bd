/**
 * `npm run fonts:subset`: writes the site's text face from the Fontsource package, cut down to what the pages use
 * (docs/decisions/0034-smaller-text-font.md, 0037-fonts-in-two-parts.md), as two files:
 * app/fonts/inter-latin-core-wght-400-600.woff2 and app/fonts/inter-latin-rest-wght-400-600.woff2. Run it again after
 * upgrading @fontsource-variable/inter; the output is committed, so the build needs no font tooling. Playfair Display
 * is used as Fontsource ships it: its licence reserves its name for unmodified versions, and a subset is a modification.
 *
 * - The characters: Fontsource's own "latin" subset, in two parts (scripts/font-ranges.ts): the core every page uses,
 *   which is preloaded, and the rest, which a browser fetches only for text that needs it. app/fonts.css declares
 *   the same two ranges.
 * - Inter's weight axis: 400 to 600, the weights the pages set (normal, medium, semibold; bold text shows at 600).
 * - OpenType features: what running text needs (kerning, ligatures, contextual forms, marks) and tabular figures.
 *
 * Inter goes from 48 kB to 19 kB before the first paint (plus 10 kB for the rest, when a page needs it). On a phone
 * over a slow network every byte before the first paint counts: the two preloaded faces were half of what the home
 * page fetched before its main photo showed.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import { CORE_RANGES, rangeText, REST_RANGES } from "./font-ranges";

const require = createRequire(import.meta.url);
const OUT_DIR = path.resolve(import.meta.dirname, "../app/fonts");

const FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "rvrn", "tnum"];

const INTER = require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
const PARTS = [
  { ranges: CORE_RANGES, to: "inter-latin-core-wght-400-600.woff2" },
  { ranges: REST_RANGES, to: "inter-latin-rest-wght-400-600.woff2" },
];

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const source = fs.readFileSync(INTER);
  for (const part of PARTS) {
    const subset = await subsetFont(source, rangeText(part.ranges), {
      targetFormat: "woff2",
      keepFeatures: FEATURES,
      variationAxes: { wght: { min: 400, max: 600 } },
    });
    fs.writeFileSync(path.join(OUT_DIR, part.to), subset);
    console.log(`${part.to}: ${(source.length / 1000).toFixed(1)} kB → ${(subset.length / 1000).toFixed(1)} kB`);
  }
}

await main();
