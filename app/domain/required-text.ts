import { z } from "zod";

/**
 * Characters that show nothing on their own: white space and separators, control characters (\p{Cc}), format
 * characters (\p{Cf}: zero-width space, joiners and non-joiners, word joiner, byte order mark, direction marks),
 * the other code points Unicode says to render as nothing (Default_Ignorable_Code_Point: variation selectors,
 * Hangul fillers, the combining grapheme joiner) and the blank Braille pattern.
 */
const NOTHING_VISIBLE = /^[\s\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/**
 * Whether a value holds at least one character a person can see. A value made only of invisible characters
 * (`"\u200B\u200B"`) passes `trim()` and `min(1)`, yet stores, mails and shows an empty answer. Invisible
 * characters inside visible text are kept as they are: several scripts need the zero-width (non-)joiner in names.
 */
export function hasVisibleText(value: string): boolean {
  return !NOTHING_VISIBLE.test(value);
}

/**
 * Every required free-text field of every form (enquiries, settings, staff names, notes, listings) starts here:
 * trimmed, and empty when nothing in it can be seen, which is then answered with the field's own "required" message.
 * Conform turns an empty field into `undefined`, which is why the same message is also the type error.
 *
 * An empty value fails as a missing field does: the field's later refinements (one line, e-mail format) are skipped,
 * while a form's rules across fields that say when they run (listing-editor.ts) still do. zod's `abort: true` would
 * stop those too, and zod runs length checks (`min`, `max`) even after an issue: a minimum chained on would add its
 * own message to an empty value's, so a minimum length is given here and checked only on text that is there.
 */
export function requiredText(message: string, shortest?: { length: number; message: string }) {
  const text = z
    .string({ error: message })
    .trim()
    .overwrite((value) => (hasVisibleText(value) ? value : ""))
    .check((payload) => {
      if (payload.value === "") payload.issues.push({ code: "custom", message, input: payload.value });
    });
  return shortest ? text.refine((value) => value.length >= shortest.length, shortest.message) : text;
}
