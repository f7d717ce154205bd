import { brochureFonts, type BrochureFontName } from "./brochure-fonts.server";

/**
 * Which face draws a piece of a listing's text, and what of it can be drawn. Staff write titles, places and
 * descriptions in any script; a character a face has no glyph for would print as an empty box, so it is never sent.
 */

/** A face's stand-in for text it cannot draw all of (Playfair Display has no Greek; Inter has). */
const STAND_IN: Partial<Record<BrochureFontName, BrochureFontName>> = { display: "body", displayItalic: "body" };

const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code < 0xa0);

/**
 * The text as `face` can draw it: a line break stays, other control characters go (a tab becomes a space), a letter
 * the face lacks loses its accent when that leaves one it has ("ǿ" → "ø"), and anything else is left out (Chinese,
 * Arabic: the brochure's faces have no such letters), with the spaces around it closed up.
 */
export function printable(text: string, face: BrochureFontName): string {
  const { draws } = brochureFonts()[face];
  let out = "";
  let leftOut = false;
  for (const char of text.normalize("NFC").replace(/\t/g, " ")) {
    const code = char.codePointAt(0)!;
    if (char === "\n" || (!isControl(code) && draws(code))) {
      out += char;
      continue;
    }
    if (isControl(code)) continue;
    const base = char.normalize("NFD").replace(/\p{M}/gu, "");
    if (base && [...base].every((part) => draws(part.codePointAt(0)!))) out += base;
    else leftOut = true;
  }
  // A word left out would leave its spaces behind, side by side.
  return leftOut ? out.replace(/ {2,}/g, " ") : out;
}

/** How many of the text's characters `face` would leave out or change. */
function lost(text: string, face: BrochureFontName): number {
  const { draws } = brochureFonts()[face];
  let count = 0;
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (!isControl(code) && !draws(code)) count += 1;
  }
  return count;
}

/** The face to draw `text` in: the one asked for, or its stand-in when that draws more of the text (a Greek title). */
export function faceFor(text: string, preferred: BrochureFontName): BrochureFontName {
  const standIn = STAND_IN[preferred];
  if (!standIn) return preferred;
  const missing = lost(text, preferred);
  return missing > 0 && lost(text, standIn) < missing ? standIn : preferred;
}

/** Sets the face `text` is drawn in on the document and returns the text as that face draws it. */
export function inFace(doc: PDFKit.PDFDocument, preferred: BrochureFontName, text: string): string {
  const face = faceFor(text, preferred);
  doc.font(face);
  return printable(text, face);
}
