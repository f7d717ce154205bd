import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

export type ReadPdf = {
  /** Each page's text, its runs joined by single spaces (line ends included), in reading order. */
  pages: string[];
  /** How many raster images each page paints. */
  images: number[];
  /** Every link annotation's address, in page order. */
  links: string[];
  info: Record<string, unknown>;
};

/** Reads a PDF the way a viewer would (pdf.js, Firefox's own reader), for tests of what a generated PDF says. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const result: ReadPdf = { pages: [], images: [], links: [], info: (await pdf.getMetadata()).info as Record<string, unknown> };
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const text = await page.getTextContent();
      const runs = text.items.map((item) => ("str" in item ? item.str : ""));
      result.pages.push(runs.join(" ").replace(/\s+/g, " ").trim());
      const operators = await page.getOperatorList();
      result.images.push(operators.fnArray.filter((op) => op === OPS.paintImageXObject).length);
      const annotations = (await page.getAnnotations()) as { subtype?: string; url?: unknown }[];
      for (const annotation of annotations) {
        if (annotation.subtype === "Link" && typeof annotation.url === "string") result.links.push(annotation.url);
      }
    }
    return result;
  } finally {
    await pdf.destroy();
  }
}
