/**
 * `npm run fonts:subset`: writes the site's text face (app/fonts/inter-latin-wght-400-600.woff2) from the Fontsource
 * package, cut down to what the pages use (docs/decisions/0034-smaller-text-font.md). Run it again after upgrading
 * @fontsource-variable/inter; the output is committed, so the build needs no font tooling. Playfair Display is used
 * as Fontsource ships it: its licence reserves its name for unmodified versions, and a subset is a modification.
 *
 * - The characters: Fontsource's own "latin" subset (the same unicode-range as app/fonts.css declares), so any text
 *   staff type in a Latin language still finds its glyphs.
 * - Inter's weight axis: 400 to 600, the weights the pages set (normal, medium, semibold; bold text shows at 600).
 * - OpenType features: what running text needs (kerning, ligatures, contextual forms, marks) and tabular figures.
 *
 * Inter goes from 48 kB to 28 kB. On a phone over a slow network every byte before the first paint counts: the two
 * preloaded faces were half of what the home page fetched before its main photo showed.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";

const require = createRequire(import.meta.url);
const OUT_DIR = path.resolve(import.meta.dirname, "../app/fonts");

/** Fontsource's latin unicode-range (app/fonts.css declares the same). */
export const LATIN_RANGES: readonly [number, number][] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

const FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "rvrn", "tnum"];

const FONTS = [
  {
    from: require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
    to: "inter-latin-wght-400-600.woff2",
    weights: { min: 400, max: 600 },
  },
];

function latinText(): string {
  let text = "";
  for (const [from, to] of LATIN_RANGES) for (let code = from; code <= to; code++) text += String.fromCodePoint(code);
  return text;
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const text = latinText();
  for (const font of FONTS) {
    const source = fs.readFileSync(font.from);
    const subset = await subsetFont(source, text, {
      targetFormat: "woff2",
      keepFeatures: FEATURES,
      ...(font.weights ? { variationAxes: { wght: font.weights } } : {}),
    });
    fs.writeFileSync(path.join(OUT_DIR, font.to), subset);
    console.log(`${font.to}: ${(source.length / 1000).toFixed(1)} kB → ${(subset.length / 1000).toFixed(1)} kB`);
  }
}

await main();
