/**
 * `npm run logos:render`: draws the accepted currencies' logos (public/images/crypto/*.svg, the originals) as
 * 144 px lossless WebP images beside them, which is what the pages show (app/components/ui/crypto-logos.tsx). Run it
 * again after changing an original; the output is committed, so the build needs no image tooling for them.
 *
 * Why not the SVGs themselves: a browser gives every SVG image a document of its own, built and painted on the main
 * thread as the page first paints. The footer shows all three logos on every page (six on /about and /contact); on a
 * slow machine they took 35–80 ms of the main thread before the first paint of /about. A bitmap is decoded off the
 * main thread. 144 px is the largest logo (48 CSS px) on a 3× phone screen; each file is 2–3 kB.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const DIR = path.resolve(import.meta.dirname, "../public/images/crypto");
/** Pixels across: the largest size a page shows (48 CSS px) at a device pixel ratio of 3. */
const SIZE = 144;
/** The originals are drawn on a 64-unit square: the density that renders them at SIZE pixels without resampling. */
const DENSITY = (72 * SIZE) / 64;

for (const file of fs.readdirSync(DIR).filter((name) => name.endsWith(".svg"))) {
  const target = path.join(DIR, file.replace(/\.svg$/, ".webp"));
  const info = await sharp(path.join(DIR, file), { density: DENSITY }).resize(SIZE, SIZE).webp({ lossless: true, effort: 6 }).toFile(target);
  console.log(`${path.relative(process.cwd(), target)}: ${info.width}×${info.height}, ${info.size} bytes`);
}
