import fs from "node:fs";
import { createRequire } from "node:module";
import { create as openFont } from "fontkit";

/**
 * The brochure's faces: the site's own designs (Playfair Display and Inter, OFL, embedding allowed) as Google Fonts
 * ships them whole, from the @expo-google-fonts packages in node_modules. The site serves only a Latin cut of each to
 * browsers (app/fonts.css), but a brochure is printed from the listing's own text, so it takes the whole faces: Inter
 * draws Latin with every accent (Polish, Czech, Turkish, Vietnamese), Cyrillic and Greek; Playfair Display all of them
 * but Greek. pdfkit embeds only the characters a brochure uses.
 */
const require = createRequire(import.meta.url);
// Each path written out in a require.resolve() of its own, where the dependency check (knip) sees it.
const FILES = {
  display: () => require.resolve("@expo-google-fonts/playfair-display/400Regular/PlayfairDisplay_400Regular.ttf"),
  displayItalic: () => require.resolve("@expo-google-fonts/playfair-display/400Regular_Italic/PlayfairDisplay_400Regular_Italic.ttf"),
  body: () => require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
  bodyMedium: () => require.resolve("@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf"),
};

export type BrochureFontName = keyof typeof FILES;
/** A face's file, and whether it has a glyph for a character (anything else would print as an empty box). */
export type BrochureFace = { data: Buffer; draws: (codePoint: number) => boolean };
export type BrochureFonts = Record<BrochureFontName, BrochureFace>;

let loaded: BrochureFonts | undefined;

/** The faces, read once per process (about a megabyte; they never change while it runs). */
export function brochureFonts(): BrochureFonts {
  loaded ??= Object.fromEntries(
    Object.entries(FILES).map(([name, file]) => {
      const data = fs.readFileSync(file());
      const font = openFont(data);
      return [name, { data, draws: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) }];
    }),
  ) as BrochureFonts;
  return loaded;
}
