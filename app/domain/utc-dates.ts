/**
 * Dates and times in UTC as the public pages print them ("14:05", "26 Nov 2026", "26 November 2026"), written out by
 * hand rather than with Intl.DateTimeFormat: in the browser the first formatter with a time zone loads the time zone
 * data, about 30 ms on a desktop CPU and four times that on Lighthouse's phone, and it ran while every public page's
 * scripts started. The output is the "en-GB" format's, which utc-dates.test.ts checks against Intl for many dates
 * (and it no longer depends on which ICU version the visitor's browser carries).
 */
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** en-GB's abbreviations (September is "Sept"). */
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** "14:05": hours and minutes, 24-hour clock. */
export function utcTime(date: Date): string {
  return `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
}

/** "26 Nov 2026" (short) or "26 November 2026" (long). */
export function utcDate(date: Date, month: "short" | "long"): string {
  const names = month === "long" ? MONTHS : SHORT_MONTHS;
  return `${date.getUTCDate()} ${names[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
