/**
 * Slugs: the listing's part of its URL (/cars/<slug>). Generated from the title, editable by staff, unique
 * within a category. Old slugs are kept so a changed URL still answers, with a 301 to the new one.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 80;

/**
 * "Stunning Duplex Penthouse — Marbella!" → "stunning-duplex-penthouse-marbella", "Villa Straße" → "villa-strasse",
 * "Вилла в Сочи" → "villa-v-sochi".
 *
 * Accents go (Unicode decomposition), and the letters that decomposition leaves alone are written in Latin (the table
 * below). The table holds only letters the first version of this rule dropped, so a title that made a readable slug
 * then makes the same one now. Stored slugs are never made again: only a new listing, or one whose web address staff
 * empty, gets one (models/listings-editor.server.ts). Used on the server only; public pages import just `listingPath`.
 */
export function slugify(text: string): string {
  const decomposed = text.normalize("NFKD").toLowerCase();
  const latin = inLatin(decomposed.replace(sequencePattern(), (sequence) => SEQUENCES[sequence] ?? sequence).replace(/\p{M}/gu, ""));
  const slug = hyphenated(latin);
  // A title in a script with no table here (Chinese, Japanese, Korean, Thai, Devanagari…) leaves no letter. It gets a
  // name of its own, not the bare "listing" every such title got, which a new listing would also take from one that
  // had given it up, along with that listing's old links (listing_slugs).
  if (/[a-z]/.test(slug) || !/\p{L}/u.test(text)) return slug;
  return hyphenated(`listing ${slug.slice(0, 40)} ${titleHash(text)}`);
}

function hyphenated(text: string): string {
  const slug = text
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, MAX_SLUG_LENGTH).replace(/-+$/, "");
}

/** Pairs of letters written differently together, matched after decomposition (й is и and a breve then). */
const SEQUENCES: Record<string, string> = {
  "и\u0306": "y",
  // Greek diphthongs (ELOT 743); an accent on the second letter follows it.
  αυ: "av",
  ευ: "ev",
  ηυ: "iv",
  ου: "ou",
  // Armenian
  ու: "u",
};

/** Single letters, as "letter latin" pairs. */
const LETTERS = [
  "ß ss æ ae ø o œ oe đ d ð d þ th ł l ı i ħ h ŧ t ŋ ng ĸ k ƒ f ə e ȷ j ґ g",
  // Persian and Urdu letters beyond the Arabic alphabet
  "پ p چ ch ژ zh ک k گ g ی y ٹ t ڈ d ڑ r ں n ہ h ے e",
];

/**
 * Alphabets in code-point order from their first letter, each letter's Latin spelling in the same order; "-" writes
 * nothing (a hard or soft sign, a silent letter). Common romanisations, simplified to a–z: Russian and the other
 * Cyrillic alphabets, Greek (ELOT 743), Arabic, Hebrew, Armenian, Georgian (national system). A letter with a mark
 * (ё, ї, أ) is looked up without it, as decomposition leaves it; its own place in a list only keeps the order.
 */
const ALPHABETS: [first: string, latin: string][] = [
  ["а", "a b v g d e zh z i y k l m n o p r s t u f kh ts ch sh shch - y - e yu ya"],
  ["ѐ", "e e dj gj ye dz i yi j lj nj c kj i u dz"],
  ["α", "a v g d e z i th i k l m n x o p r s s t y f ch ps o"],
  ["ء", "- a a u i y a b a t th j h kh d dh r z s sh s d t z - gh k k y y y - f q k l m n h w a y"],
  ["٠", "0 1 2 3 4 5 6 7 8 9"],
  ["۰", "0 1 2 3 4 5 6 7 8 9"],
  ["א", "a b g d h v z kh t y kh k l m m n n s - f p ts ts k r sh t"],
  ["ա", "a b g d e z e y t zh i l kh ts k h dz gh ch m y n sh o ch p j r s v t r ts v p k o f ev"],
  ["ა", "a b g d e v z t i k l m n o p zh r s t u p k gh q sh ch ts dz ts ch kh j h"],
];

let letters: Map<string, string> | undefined;
let sequences: RegExp | undefined;

function inLatin(text: string): string {
  letters ??= buildLetters();
  return text.replace(/[\u0080-\uffff]/g, (letter) => letters!.get(letter) ?? letter);
}

function buildLetters(): Map<string, string> {
  const table = new Map<string, string>();
  for (const pairs of LETTERS) {
    const words = pairs.split(" ");
    for (let i = 0; i < words.length; i += 2) table.set(words[i]!, words[i + 1]!);
  }
  for (const [first, latin] of ALPHABETS) {
    const start = first.charCodeAt(0);
    latin.split(" ").forEach((spelling, offset) => table.set(String.fromCharCode(start + offset), spelling === "-" ? "" : spelling));
  }
  return table;
}

function sequencePattern(): RegExp {
  return (sequences ??= new RegExp(Object.keys(SEQUENCES).join("|"), "g"));
}

/** Seven base-36 characters from the title (32-bit FNV-1a): the same title, the same slug; another title, another. */
function titleHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const character of text.normalize("NFC").trim()) hash = Math.imul(hash ^ character.codePointAt(0)!, 0x01000193) >>> 0;
  return hash.toString(36).padStart(7, "0");
}

export function isValidSlug(value: string): boolean {
  return value.length > 0 && value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);
}

/** The public path of a listing. */
export function listingPath(listing: { category: string; slug: string }): string {
  return `/${listing.category}/${listing.slug}`;
}
