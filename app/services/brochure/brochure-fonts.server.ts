import fs from "node:fs";
import { createRequire } from "node:module";
import { woffToSfnt } from "./woff-to-sfnt.server";

/**
 * The site's own faces for the brochure, read from the @fontsource packages in node_modules (OFL, embedding
 * allowed). pdfkit embeds a subset of each through fontkit, which can subset WOFF but not WOFF2 (its WOFF2 glyph
 * decoding breaks on composite glyphs), and Inter's variable package ships WOFF2 only: hence the static
 * @fontsource/inter beside @fontsource-variable/inter, the same design at fixed weights. Latin only, like the
 * site's own @font-face rules (app/fonts.css).
 */
const require = createRequire(import.meta.url);
const FILES = {
  display: () => require.resolve("@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff"),
  displayItalic: () => require.resolve("@fontsource/playfair-display/files/playfair-display-latin-400-italic.woff"),
  body: () => require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff"),
  bodyMedium: () => require.resolve("@fontsource/inter/files/inter-latin-500-normal.woff"),
};

export type BrochureFontName = keyof typeof FILES;
export type BrochureFonts = Record<BrochureFontName, Buffer>;

let loaded: BrochureFonts | undefined;

/** The faces as TrueType, read and unpacked once per process (a few hundred kilobytes; they never change while it runs). */
export function brochureFonts(): BrochureFonts {
  loaded ??= Object.fromEntries(Object.entries(FILES).map(([name, file]) => [name, woffToSfnt(fs.readFileSync(file()))])) as BrochureFonts;
  return loaded;
}
