/**
 * `npm run logos:render`: draws the accepted currencies' logos (public/images/crypto/*.svg, the originals) as
 * 144 px PNG images beside them, which is what the pages show (app/components/ui/crypto-logos.tsx). Run it again
 * after changing an original; the output is committed, so the build needs no image tooling for them.
 *
 * Why not the SVGs themselves: a browser gives every SVG image a document of its own, built and painted on the main
 * thread as the page first paints. The footer shows all three logos on every page (six on /about and /contact); on a
 * slow machine they took 35–80 ms of the main thread before the first paint of /about. A bitmap is decoded off the
 * main thread.
 *
 * Small, as well: on a short page the footer is near enough the screen for its lazy logos to load while the main
 * photo is still on its way, sharing the connection with it. A palette of 16 colours keeps each file to 1.0–1.5 kB,
 * about what each SVG took with its headers; lossless WebP took 2.3–3.2 kB.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const DIR = path.resolve(import.meta.dirname, "../public/images/crypto");
/** Pixels across: the largest size a page shows (48 CSS px) at a device pixel ratio of 3. */
const SIZE = 144;
/** The originals are drawn on a 64-unit square: the density that renders them at SIZE pixels without resampling. */
const DENSITY = (72 * SIZE) / 64;
/** Colours in each logo's palette: flat logos need few; at 16 their edges still look smooth at 3×. */
const COLOURS = 16;

for (const file of fs.readdirSync(DIR).filter((name) => name.endsWith(".svg"))) {
  const target = path.join(DIR, file.replace(/\.svg$/, ".png"));
  const info = await sharp(path.join(DIR, file), { density: DENSITY })
    .resize(SIZE, SIZE)
    .png({ palette: true, colours: COLOURS, compressionLevel: 9, effort: 10 })
    .toFile(target);
  console.log(`${path.relative(process.cwd(), target)}: ${info.width}×${info.height}, ${info.size} bytes`);
}
