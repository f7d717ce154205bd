import { z } from "zod";
import { COMMON_PASSWORDS_TEXT } from "./common-passwords";

/**
 * What a staff password must be, wherever one is chosen (first-run set-up, admin:create, changing or resetting a
 * password, accepting an invitation): one rule set, shared by the browser (Conform) and the server, so both say the
 * same thing. Length is what makes a password strong, so there are no composition rules (NIST SP 800-63B, OWASP
 * ASVS 5.0 chapter 6): at least 12 characters, up to 128 so a long passphrase fits, any Unicode character, never
 * cut short, and not one of the most common passwords. Signing in checks none of this (an older password stays
 * usable); docs/decisions/0022-staff-passwords.md.
 */

/** Counted in characters as a person sees them (code points), so "ü" or an emoji counts once. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * The same ceiling in UTF-16 units, which is how better-auth and `String.length` count: a character outside the
 * Basic Multilingual Plane (most emoji) takes two.
 */
export const PASSWORD_MAX_UTF16_LENGTH = PASSWORD_MAX_LENGTH * 2;

export const PASSWORD_MESSAGES = {
  required: "Choose a password.",
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: "This password is one of the most common, so it is guessed first. Choose another; a short sentence of your own works well.",
  confirmRequired: "Repeat the password.",
  differ: "The two passwords differ.",
} as const;

let commonPasswords: Set<string> | undefined;
function isListed(candidate: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split("\n"));
  return commonPasswords.has(candidate);
}

const EDGE_DIGITS_AND_SYMBOLS = /^[\p{N}\p{P}\p{S}\s]+|[\p{N}\p{P}\p{S}\s]+$/gu;
const REPEATED_UNIT = /^(.{1,4}?)\1+$/u;
const REPEATED_WORD = /^(.+?)\1+$/u;

/**
 * Whether a password is, or is only thinly disguised as, a common one: listed itself (case aside), a listed word
 * padded with digits or symbols ("password1234", "!!monkey2024"), a listed word repeated ("loveloveloveLove"), or
 * one short run repeated ("aaaaaaaaaaaa", "abcabcabcabc").
 */
export function isCommonPassword(password: string): boolean {
  const lowered = password.normalize("NFKC").toLowerCase();
  if (isListed(lowered) || REPEATED_UNIT.test(lowered)) return true;
  const core = lowered.replace(EDGE_DIGITS_AND_SYMBOLS, "");
  if (core.length > 0 && isListed(core)) return true;
  const repeated = REPEATED_WORD.exec(core)?.[1];
  return repeated !== undefined && isListed(repeated);
}

export function passwordLength(password: string): number {
  return [...password].length;
}

/** A new password: the schema every form and script that sets one uses for its password field. */
export const passwordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, { error: PASSWORD_MESSAGES.required, abort: true })
  .refine((value) => passwordLength(value) >= PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort, abort: true })
  .refine((value) => passwordLength(value) <= PASSWORD_MAX_LENGTH, { error: PASSWORD_MESSAGES.tooLong, abort: true })
  .refine((value) => !isCommonPassword(value), { error: PASSWORD_MESSAGES.common });

/** The "repeat the password" field beside a new password. */
export const passwordConfirmationSchema = z.string({ error: PASSWORD_MESSAGES.confirmRequired });

/**
 * For a form with `password` and `confirm` fields: `.refine(passwordsMatch, passwordsDifferIssue)` puts the
 * message under the second field.
 */
export function passwordsMatch(value: { password: string; confirm: string }): boolean {
  return value.password === value.confirm;
}
export const passwordsDifferIssue = { path: ["confirm"], error: PASSWORD_MESSAGES.differ };

/**
 * A password typed to sign in or to confirm who you are: required, and no longer than any password could be
 * (so a 10,000-character paste is refused before it is hashed), but no policy: a password chosen under an older
 * rule still works.
 */
export const currentPasswordSchema = z
  .string({ error: "Enter your password." })
  .min(1, "Enter your password.")
  .max(PASSWORD_MAX_UTF16_LENGTH, `Passwords have at most ${PASSWORD_MAX_LENGTH} characters.`);
