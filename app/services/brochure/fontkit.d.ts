// fontkit (pdfkit's own font engine, used directly to ask which characters a brochure face can draw) ships no types.
declare module "fontkit" {
  export type Font = { hasGlyphForCodePoint(codePoint: number): boolean };
  export function create(buffer: Buffer): Font;
}
