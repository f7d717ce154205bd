import { CATEGORIES } from "./categories";
import type { CategoryId } from "./category-ids";
import type { Specification } from "./listing-views";

/**
 * Cars, yachts and jets have a year of their own (`hasYear`): the listing's `year`, which the cards, the year filter
 * and the Newest sort read. Staff enter it once, in the editor's Year field, and the details list shows it as its
 * "Year" row, in the place the category's labels give it. A "Year" row stored among the specifications (the seed's
 * listings carry one beside their year, as did listings saved before) is only ever a copy of it: pages replace it
 * with the year itself, and the editor folds it into the Year field. Real estate's "Year Built" is a specification
 * like any other and is left alone.
 */
export const YEAR_LABEL = "Year";

export function isYearLabel(label: string): boolean {
  return label.trim().toLowerCase() === YEAR_LABEL.toLowerCase();
}

/** A value that is a year and nothing else ("2019"), as a number. */
function plainYear(value: string): number | null {
  const text = value.trim();
  return /^\d{4}$/.test(text) ? Number(text) : null;
}

/**
 * The details list as pages show it: for a category with its own year, that year as the "Year" row (once), where a
 * stored copy stood or else where the category's labels put it (first for cars and jets, after Gross Tonnage for
 * yachts). Without a year the rows are shown as stored. Applying it twice changes nothing.
 */
export function specificationsWithYear(category: CategoryId, year: number | null, rows: readonly Specification[]): Specification[] {
  if (!CATEGORIES[category].hasYear || year === null) return [...rows];
  const yearRow = { label: YEAR_LABEL, value: String(year) };
  const stored = rows.findIndex((row) => isYearLabel(row.label));
  if (stored >= 0) return rows.flatMap((row, index) => (index === stored ? [yearRow] : isYearLabel(row.label) ? [] : [row]));
  const order = CATEGORIES[category].specificationLabels.map((label) => label.toLowerCase());
  const yearPlace = order.findIndex(isYearLabel);
  // After the last row the category lists before the year; first when there is none.
  let at = 0;
  rows.forEach((row, index) => {
    const place = order.indexOf(row.label.trim().toLowerCase());
    if (place >= 0 && place < yearPlace) at = index + 1;
  });
  return [...rows.slice(0, at), yearRow, ...rows.slice(at)];
}

/**
 * A stored listing's year and rows as the editor shows them, so staff see one place for the year: "Year" rows that
 * only repeat it are left out, and a listing with no year takes a stored row's plain year. A "Year" row saying
 * something else ("2006, refit 2019") stays in the rows, where the form asks staff to move it (listing-editor.ts).
 */
export function yearForEditor(
  category: CategoryId,
  year: number | null,
  rows: readonly Specification[],
): { year: number | null; specifications: Specification[] } {
  if (!CATEGORIES[category].hasYear) return { year, specifications: [...rows] };
  const stored = rows.filter((row) => isYearLabel(row.label)).map((row) => plainYear(row.value));
  const known = year ?? stored.find((value) => value !== null) ?? null;
  return {
    year: known,
    specifications: rows.filter((row) => !isYearLabel(row.label) || known === null || plainYear(row.value) !== known),
  };
}
