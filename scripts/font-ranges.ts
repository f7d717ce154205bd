/**
 * The characters each web-font file of the site covers (scripts/subset-fonts.ts writes the files, app/fonts.css
 * declares the same ranges; font-ranges.test.ts keeps the two in step).
 *
 * Every face is cut in two. The core file holds what the pages' own words use: ASCII, the typographic punctuation of
 * the copy and the few symbols the site prints. It is preloaded, so it arrives with the stylesheet. The rest of
 * Fontsource's Latin set (accented letters, other symbols) is a second file that a browser fetches only for a page
 * whose text holds one of those characters, such as a listing in Zürich.
 */
export type CodeRange = readonly [from: number, to: number];

/** Fontsource's "latin" subset: what the site's faces cover in all. */
export const LATIN_RANGES: readonly CodeRange[] = [
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

/**
 * ASCII and no-break space; the signs of the footer, specifications and copy (© ® ° · × ÷); and the dashes, quotes,
 * bullet, ellipsis, primes, euro, trade mark, arrows and minus of the copy. Each character more costs bytes on
 * every first visit, so letters with accents stay in the rest.
 */
export const CORE_RANGES: readonly CodeRange[] = [
  [0x0000, 0x007e],
  [0x00a0, 0x00a0],
  [0x00a9, 0x00a9],
  [0x00ae, 0x00ae],
  [0x00b0, 0x00b0],
  [0x00b7, 0x00b7],
  [0x00d7, 0x00d7],
  [0x00f7, 0x00f7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2032, 0x2033],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
];

function codePoints(ranges: readonly CodeRange[]): number[] {
  const points: number[] = [];
  for (const [from, to] of ranges) for (let code = from; code <= to; code++) points.push(code);
  return points;
}

/** Sorted code points as the fewest ranges. */
function toRanges(points: readonly number[]): CodeRange[] {
  const ranges: [number, number][] = [];
  for (const code of [...points].sort((a, b) => a - b)) {
    const last = ranges.at(-1);
    if (last && code === last[1] + 1) last[1] = code;
    else ranges.push([code, code]);
  }
  return ranges;
}

/** The Latin characters the core file leaves out. */
export const REST_RANGES: readonly CodeRange[] = toRanges(codePoints(LATIN_RANGES).filter((code) => !codePoints(CORE_RANGES).includes(code)));

/** The characters of these ranges as one string (what hb-subset keeps). */
export function rangeText(ranges: readonly CodeRange[]): string {
  return String.fromCodePoint(...codePoints(ranges));
}

/** These ranges as a CSS unicode-range value: "U+0000-007E, U+00A0, …". */
export function unicodeRange(ranges: readonly CodeRange[]): string {
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
}
