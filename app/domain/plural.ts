const ENGLISH = new Intl.PluralRules("en");

/** The form of a word that agrees with a count: ("1", "matches", "match") → "matches". */
export function agreeing(count: number, singular: string, plural: string): string {
  return ENGLISH.select(count) === "one" ? singular : plural;
}

/** "1 listing", "5 listings": a count with the right form of its noun (English plural rules). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${agreeing(count, singular, plural)}`;
}
