/**
 * `npm run fonts:subset`: writes the site's two first-paint faces from their Fontsource packages, cut down to what
 * the pages use (docs/decisions/0034-smaller-text-font.md, 0037-fonts-in-two-parts.md), each as two files in
 * app/fonts/: Inter (`inter-latin-{core,rest}-wght-400-600.woff2`) and the regular display face
 * (`display-latin-{core,rest}-400-normal.woff2`). Run it again after upgrading @fontsource-variable/inter or
 * @fontsource/playfair-display; the output is committed, so the build needs no font tooling.
 *
 * - The display face is Playfair Display, whose licence (OFL) reserves that name for unmodified versions: the cut
 *   files are named "White Streams Display" inside (scripts/rename-font.ts), with the copyright notice kept.
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
import { renameFont } from "./rename-font";

const require = createRequire(import.meta.url);
const OUT_DIR = path.resolve(import.meta.dirname, "../app/fonts");

const FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "rvrn", "tnum"];

/** The family name the cut Playfair Display files carry, inside and in app/fonts.css. */
const DISPLAY_FAMILY = "White Streams Display";

type Face = {
  from: string;
  to: (part: string) => string;
  variationAxes?: { wght: { min: number; max: number } };
  /** The family name the licence reserves for unmodified versions: the cut is named DISPLAY_FAMILY instead. */
  renameFrom?: string;
};

const FACES: Face[] = [
  {
    from: require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
    to: (part: string) => `inter-latin-${part}-wght-400-600.woff2`,
    variationAxes: { wght: { min: 400, max: 600 } },
  },
  {
    from: require.resolve("@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2"),
    to: (part: string) => `display-latin-${part}-400-normal.woff2`,
    renameFrom: "Playfair Display",
  },
];

const PARTS = [
  { name: "core", ranges: CORE_RANGES },
  { name: "rest", ranges: REST_RANGES },
];

async function cut(face: Face, text: string): Promise<Buffer> {
  const options = { keepFeatures: FEATURES, ...(face.variationAxes ? { variationAxes: face.variationAxes } : {}) };
  const source = fs.readFileSync(face.from);
  if (!face.renameFrom) return subsetFont(source, text, { ...options, targetFormat: "woff2" });
  // Renamed between two passes: hb-subset writes the sfnt we can edit, then packs the renamed font as WOFF2.
  const sfnt = await subsetFont(source, text, { ...options, targetFormat: "sfnt" });
  return subsetFont(renameFont(sfnt, face.renameFrom, DISPLAY_FAMILY), text, { ...options, targetFormat: "woff2" });
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const face of FACES) {
    const size = fs.statSync(face.from).size;
    for (const part of PARTS) {
      const subset = await cut(face, rangeText(part.ranges));
      fs.writeFileSync(path.join(OUT_DIR, face.to(part.name)), subset);
      console.log(`${face.to(part.name)}: ${(size / 1000).toFixed(1)} kB → ${(subset.length / 1000).toFixed(1)} kB`);
    }
  }
}

await main();
