import type { BrochureContent } from "#app/domain/brochure";
import { brochureFonts, type BrochureFontName } from "./brochure-fonts.server";
import { inFace, printable } from "./brochure-text.server";

/**
 * Draws a listing's brochure (A4, the site's colours and faces): page one is the cover photo, the title, the
 * price with its coin equivalents and the specifications; the next page the description, the features and the
 * contact panel with a QR code back to the listing. Everything it says comes from domain/brochure.ts.
 */

// The site's palette (app/site.css).
const IVORY = "#faf7f1";
const INK = "#17211c";
const STONE = "#5b625d";
const FOREST_950 = "#08221a";
const FOREST_900 = "#0d3326";
const GOLD_200 = "#efdfb8";
const GOLD_300 = "#e2c88e";
const GOLD_500 = "#b58f47";
const GOLD_700 = "#7d5f26";

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 64, bottom: 78, left: 56, right: 56 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** The cover keeps the 1200×630 preview's proportions, across the full width. */
const COVER_HEIGHT = (PAGE.width * 630) / 1200;
const FOOTER_Y = PAGE.height - 46;

type Doc = PDFKit.PDFDocument;

/**
 * pdfkit and qrcode load after start-up rather than during it (a second of module loading on a busy machine, which
 * held back the first page): on first use, or a few seconds after the server started, whichever comes first.
 */
const importPdfModules = () => Promise.all([import("pdfkit"), import("qrcode")]);
let pdfModules: ReturnType<typeof importPdfModules> | undefined;
const loadPdfModules = () => (pdfModules ??= importPdfModules());
setTimeout(() => void loadPdfModules(), 5_000).unref();

export async function renderBrochure(content: BrochureContent, { cover }: { cover: Buffer | null }): Promise<Buffer> {
  const [{ default: PDFDocument }] = await loadPdfModules();
  const doc = new PDFDocument({
    size: "A4",
    margins: MARGIN,
    autoFirstPage: false,
    bufferPages: true,
    displayTitle: true,
    lang: "en-GB",
    info: {
      Title: plain(content.documentTitle),
      Author: content.siteName,
      Subject: plain(`${content.eyebrow}: ${content.title}`),
      Creator: content.siteName,
    },
  });
  const done = collect(doc);
  const fonts = brochureFonts();
  for (const name of Object.keys(fonts) as BrochureFontName[]) doc.registerFont(name, fonts[name].data);
  // Every page, including those the description runs onto, is ivory paper like the site.
  doc.on("pageAdded", () => {
    doc.rect(0, 0, PAGE.width, PAGE.height).fill(IVORY);
    doc.fillColor(INK);
  });

  doc.addPage();
  drawCover(doc, content, cover);
  drawHeading(doc, content);
  drawPrice(doc, content);
  drawSpecifications(doc, content);

  drawDescription(doc, content);
  drawFeatures(doc, content);
  await drawContactPanel(doc, content);

  drawFooters(doc, content);
  doc.end();
  return done;
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

/** The full-width photo with the house name over it; without a photo of our own, a forest panel with the monogram. */
function drawCover(doc: Doc, content: BrochureContent, cover: Buffer | null) {
  if (cover) {
    doc.image(cover, 0, 0, { width: PAGE.width, height: COVER_HEIGHT });
    // A soft shade under the house name, so it reads on a bright sky as on a dark interior.
    const shade = doc.linearGradient(0, 0, 0, 96);
    shade.stop(0, FOREST_950, 0.72).stop(1, FOREST_950, 0);
    doc.rect(0, 0, PAGE.width, 96).fill(shade);
    drawMonogram(doc, MARGIN.left, 26, 24, IVORY);
    const siteName = inFace(doc, "display", content.siteName);
    doc
      .fontSize(14)
      .fillColor(IVORY)
      .text(siteName, MARGIN.left + 32, 30, { lineBreak: false });
  } else {
    doc.rect(0, 0, PAGE.width, COVER_HEIGHT).fill(FOREST_900);
    drawMonogram(doc, PAGE.width / 2 - 36, COVER_HEIGHT / 2 - 70, 72, GOLD_300);
    const siteName = inFace(doc, "display", content.siteName);
    doc
      .fontSize(24)
      .fillColor(IVORY)
      .text(siteName, MARGIN.left, COVER_HEIGHT / 2 + 16, { width: CONTENT_WIDTH, align: "center" });
    doc
      .font("displayItalic")
      .fontSize(12)
      .fillColor(GOLD_200)
      .text("The world's luxury marketplace for digital currency", MARGIN.left, COVER_HEIGHT / 2 + 52, { width: CONTENT_WIDTH, align: "center" });
  }
  doc.rect(0, COVER_HEIGHT, PAGE.width, 2.5).fill(GOLD_500);
}

function drawHeading(doc: Doc, content: BrochureContent) {
  let y = COVER_HEIGHT + 36;
  doc
    .font("bodyMedium")
    .fontSize(7.5)
    .fillColor(GOLD_700)
    .text(content.eyebrow.toUpperCase(), MARGIN.left, y, { characterSpacing: 2.2, lineBreak: false });
  if (content.badge) {
    const label = content.badge.toUpperCase();
    const x = MARGIN.left + doc.widthOfString(content.eyebrow.toUpperCase(), { characterSpacing: 2.2 }) + 14;
    const width = doc.widthOfString(label, { characterSpacing: 2 }) + 16;
    doc.rect(x, y - 4.5, width, 16).fill(FOREST_950);
    doc.fillColor(GOLD_200).text(label, x + 8, y, { characterSpacing: 2, lineBreak: false });
  }
  y += 18;
  const title = inFace(doc, "display", content.title);
  doc.fontSize(27).fillColor(FOREST_900).text(title, MARGIN.left, y, { width: CONTENT_WIDTH, lineGap: 1 });
  const place = inFace(doc, "body", content.place);
  doc
    .fontSize(10)
    .fillColor(STONE)
    .text(place, MARGIN.left, doc.y + 6, { width: CONTENT_WIDTH });
  doc.y += 16;
  doc.rect(MARGIN.left, doc.y, 40, 1).fill(GOLD_500);
  doc.y += 18;
}

function drawPrice(doc: Doc, content: BrochureContent) {
  const { price } = content;
  const x = MARGIN.left;
  if (price.kind === "sold") {
    doc.font("display").fontSize(20).fillColor(FOREST_900).text("This listing has been sold", x, doc.y, { width: CONTENT_WIDTH });
    doc
      .font("body")
      .fontSize(9)
      .fillColor(STONE)
      .text("It stays on our site for reference. Our concierge can find you something similar, often before it is listed.", x, doc.y + 4, {
        width: CONTENT_WIDTH,
      });
    doc.y += 22;
    return;
  }
  label(doc, "Price", x, doc.y);
  doc.y += 13;
  if (price.kind === "on-request") {
    doc.font("display").fontSize(22).fillColor(FOREST_900).text(price.text, x, doc.y, { width: CONTENT_WIDTH });
    doc.y += 22;
    return;
  }
  doc.font("display").fontSize(24).fillColor(FOREST_900).text(price.main, x, doc.y, { width: CONTENT_WIDTH });
  doc.y += 8;
  if (price.equivalents.length > 0 && price.ratesLabel) {
    const top = doc.y;
    doc
      .font("bodyMedium")
      .fontSize(10.5)
      .fillColor(INK)
      .text(price.equivalents.join("     "), x + 12, top, { width: CONTENT_WIDTH - 12 });
    doc
      .font("body")
      .fontSize(8)
      .fillColor(price.stale ? GOLD_700 : STONE)
      .text(`${price.ratesLabel}. `, x + 12, doc.y + 3, { width: CONTENT_WIDTH - 12, continued: true })
      .fillColor(STONE)
      .text(price.note);
    doc.rect(x, top - 1, 1.5, doc.y - top + 1).fill(GOLD_500);
  } else {
    doc.font("body").fontSize(8).fillColor(STONE).text(price.note, x, doc.y, { width: CONTENT_WIDTH });
  }
  doc.y += 24;
}

/** Two columns of label and value over hairlines, like the detail page's list. */
function drawSpecifications(doc: Doc, content: BrochureContent) {
  if (content.specifications.length === 0) return;
  sectionHeading(doc, content.specificationsHeading, 60);
  const gap = 28;
  const column = (CONTENT_WIDTH - gap) / 2;
  const labelWidth = column * 0.46;
  const valueWidth = column - labelWidth - 8;
  doc.fontSize(8.5);
  for (let index = 0; index < content.specifications.length; index += 2) {
    const pair = content.specifications.slice(index, index + 2);
    const height =
      Math.max(
        ...pair.map((spec) =>
          Math.max(
            doc.heightOfString(inFace(doc, "body", spec.label), { width: labelWidth }),
            doc.heightOfString(inFace(doc, "bodyMedium", spec.value), { width: valueWidth }),
          ),
        ),
      ) + 14;
    ensureSpace(doc, height);
    const top = doc.y;
    pair.forEach((spec, at) => {
      const left = MARGIN.left + at * (column + gap);
      const specLabel = inFace(doc, "body", spec.label);
      doc.fillColor(STONE).text(specLabel, left, top + 7, { width: labelWidth });
      const specValue = inFace(doc, "bodyMedium", spec.value);
      doc.fillColor(INK).text(specValue, left + labelWidth + 8, top + 7, { width: valueWidth, align: "right" });
      doc
        .moveTo(left, top + height)
        .lineTo(left + column, top + height)
        .lineWidth(0.5)
        .strokeColor(INK, 0.14)
        .stroke();
    });
    doc.y = top + height;
  }
  doc.y += 28;
}

function drawDescription(doc: Doc, content: BrochureContent) {
  if (!content.description) return;
  // Staff's line breaks are kept, a blank line between paragraphs becomes the paragraph gap; pdfkit runs a long
  // text onto the next page by itself. It starts on page one when it fits there, or more than a few lines of it do.
  doc.font("body").fontSize(10);
  const text = cutLongWords(doc, printable(content.description, "body").replace(/\n\s*\n/g, "\n"), CONTENT_WIDTH);
  const options = { width: CONTENT_WIDTH, lineGap: 4, paragraphGap: 8 };
  const height = doc.heightOfString(text, options);
  ensureSpace(doc, Math.min(height + 40, 180));
  sectionHeading(doc, "About", 40);
  doc.font("body").fontSize(10).fillColor(INK).text(text, MARGIN.left, doc.y, options);
  doc.y += 22;
}

/**
 * A word wider than the column (a pasted address, a run of characters) cut into pieces a line long, in the current font.
 * pdfkit would cut it too, but it measures the word again for each character it tries: a 10,000-character word held
 * the server's thread for 11 s per brochure. Here each character is measured once (kerning inside such a word is
 * left out, so a line is filled to 97 %).
 */
export function cutLongWords(doc: Doc, text: string, width: number): string {
  const widths = new Map<string, number>();
  const widthOf = (char: string) => widths.get(char) ?? widths.set(char, doc.widthOfString(char)).get(char)!;
  return text.replace(/\S{24,}/g, (word) => {
    const lines: string[] = [];
    let line = "";
    let used = 0;
    for (const char of word) {
      const next = widthOf(char);
      if (line && used + next > width * 0.97) {
        lines.push(line);
        line = "";
        used = 0;
      }
      line += char;
      used += next;
    }
    // A space, not a line break (which would add the paragraph gap): each piece fills a line, so pdfkit wraps there.
    return [...lines, line].join(" ");
  });
}

function drawFeatures(doc: Doc, content: BrochureContent) {
  if (content.features.length === 0) return;
  sectionHeading(doc, "Key Features", 60);
  const gap = 28;
  const column = (CONTENT_WIDTH - gap) / 2;
  doc.font("body").fontSize(9.5);
  for (let index = 0; index < content.features.length; index += 2) {
    const pair = content.features.slice(index, index + 2).map((feature) => printable(feature, "body"));
    const height = Math.max(...pair.map((feature) => doc.heightOfString(feature, { width: column - 16 }))) + 9;
    ensureSpace(doc, height);
    const top = doc.y;
    pair.forEach((feature, at) => {
      const left = MARGIN.left + at * (column + gap);
      doc.rect(left, top + 4, 4, 4).fill(GOLD_500);
      doc.fillColor(INK).text(feature, left + 16, top, { width: column - 16 });
    });
    doc.y = top + height;
  }
  doc.y += 16;
}

/** How to reach the house, and the QR code that opens the listing on a phone. */
async function drawContactPanel(doc: Doc, content: BrochureContent) {
  const rowHeight = 17;
  const height = Math.max(172, 92 + content.contact.length * rowHeight);
  ensureSpace(doc, height + 12);
  const top = Math.max(doc.y + 6, PAGE.height - MARGIN.bottom - height);
  const x = MARGIN.left;
  doc.rect(x, top, CONTENT_WIDTH, height).fill(FOREST_900);
  doc.rect(x, top, CONTENT_WIDTH, 2).fill(GOLD_500);
  const qrSize = 104;
  const qrX = x + CONTENT_WIDTH - qrSize - 28;
  const textWidth = qrX - x - 56;
  label(doc, "Enquiries", x + 28, top + 26, GOLD_300);
  const speakWith = inFace(doc, "display", `Speak with ${content.siteName}`);
  doc
    .fontSize(19)
    .fillColor(IVORY)
    .text(speakWith, x + 28, top + 40, { width: textWidth });
  let y = top + 76;
  for (const row of content.contact) {
    doc
      .font("bodyMedium")
      .fontSize(6.5)
      .fillColor(GOLD_300)
      .text(row.label.toUpperCase(), x + 28, y + 1.5, { characterSpacing: 1.6, lineBreak: false });
    const value = inFace(doc, "body", row.value);
    doc
      .fontSize(9)
      .fillColor(IVORY)
      .text(value, x + 108, y, { width: textWidth - 80, lineBreak: false, ellipsis: true, link: row.link, underline: false });
    y += rowHeight;
  }
  // The code is dark on light (scanners expect it) on an ivory tile with its quiet zone.
  const tileY = top + (height - qrSize - 22) / 2;
  doc.rect(qrX, tileY, qrSize, qrSize).fill(IVORY);
  await drawQrCode(doc, content.url, qrX, tileY, qrSize);
  doc.link(qrX, tileY, qrSize, qrSize, content.url);
  doc
    .font("body")
    .fontSize(7)
    .fillColor(GOLD_200)
    .text("Scan to view this listing", qrX - 20, tileY + qrSize + 8, { width: qrSize + 40, align: "center", lineBreak: false });
  doc.y = top + height;
}

/** The QR code as vector squares (sharp at any print size), runs of dark modules joined so no hairline seams show. */
async function drawQrCode(doc: Doc, url: string, x: number, y: number, size: number) {
  const [, { default: QRCode }] = await loadPdfModules();
  const code = QRCode.create(url, { errorCorrectionLevel: "M" });
  const count = code.modules.size;
  const quiet = 4;
  const module = size / (count + quiet * 2);
  for (let row = 0; row < count; row += 1) {
    let start = -1;
    for (let col = 0; col <= count; col += 1) {
      const dark = col < count && code.modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(x + (quiet + start) * module, y + (quiet + row) * module, (col - start) * module, module + 0.05);
        start = -1;
      }
    }
  }
  doc.fill(FOREST_950);
}

/** Site name, the listing's address and "page 1 of 2" on every page, inside the bottom margin. */
function drawFooters(doc: Doc, content: BrochureContent) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing inside the margin must not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN.left, FOOTER_Y - 12)
      .lineTo(PAGE.width - MARGIN.right, FOOTER_Y - 12)
      .lineWidth(0.5)
      .strokeColor(INK, 0.16)
      .stroke();
    const siteName = inFace(doc, "display", content.siteName);
    doc.fontSize(9).fillColor(FOREST_900).text(siteName, MARGIN.left, FOOTER_Y, { lineBreak: false });
    const right = `${content.url.replace(/^https?:\/\//, "")}   ·   ${index + 1} / ${range.count}`;
    doc.font("body").fontSize(7.5).fillColor(STONE);
    doc.text(right, PAGE.width - MARGIN.right - doc.widthOfString(right), FOOTER_Y + 1, { lineBreak: false, link: content.url });
    doc.page.margins.bottom = bottom;
  }
}

function sectionHeading(doc: Doc, text: string, keepWith: number) {
  ensureSpace(doc, 40 + keepWith);
  doc.font("display").fontSize(16).fillColor(FOREST_900).text(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.rect(MARGIN.left, doc.y + 6, 24, 1).fill(GOLD_500);
  doc.y += 16;
}

function label(doc: Doc, text: string, x: number, y: number, color = GOLD_700) {
  doc.font("bodyMedium").fontSize(7).fillColor(color).text(text.toUpperCase(), x, y, { characterSpacing: 2, lineBreak: false });
}

/** A new page when the next block would not fit above the footer. */
function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > PAGE.height - MARGIN.bottom) {
    doc.addPage();
    doc.y = MARGIN.top;
  }
}

/** The top bar's monogram (components/layout/top-bar.tsx): a ring and a gold W, drawn at `size` points. */
function drawMonogram(doc: Doc, x: number, y: number, size: number, ring: string) {
  doc.save();
  doc.translate(x, y).scale(size / 40);
  doc.circle(20, 20, 19).lineWidth(1).strokeColor(ring, 0.55).stroke();
  doc.path("M9 13l4.5 15L20 15l6.5 13L31 13").lineWidth(1.6).lineCap("round").lineJoin("round").strokeColor(GOLD_500, 1).stroke();
  doc.restore();
}

/** Text for the document's properties (a PDF reader shows any script there): without control characters. */
function plain(text: string): string {
  return text.replace(/\p{Cc}/gu, " ").trim();
}
