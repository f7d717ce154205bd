import { z } from "zod";
import { CONTENT_CATEGORY_IDS, CONTENT_TYPES } from "./site-content";

/**
 * The Content Manager's "New Content Block" form: one schema, used by the browser (Conform) and again by the
 * action, and the rules the content model applies to every write. Conform turns an empty field into `undefined`,
 * which is why the key's "missing" message is also its type error and an empty content is the empty string.
 */
export const CONTENT_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]{1,79}$/;
export const CONTENT_KEY_MESSAGE = "Use 2 to 80 lower-case letters, digits, dots, dashes or underscores for the key.";
export const CONTENT_MAX_LENGTH = 100_000;

/** An image block holds an address: https://… or a path on this site (never a protocol-relative `//host`). */
export function isImageAddress(content: string): boolean {
  return content === "" || /^(\/(?!\/)|https?:\/\/)/i.test(content);
}
export const IMAGE_ADDRESS_MESSAGE = "An image block holds an image address (https://… or a path on this site).";

export const newContentBlockSchema = z
  .object({
    key: z
      .string({ error: "Enter a key." })
      .trim()
      .toLowerCase()
      .min(1, { error: "Enter a key.", abort: true })
      .regex(CONTENT_KEY_PATTERN, CONTENT_KEY_MESSAGE),
    type: z.enum(CONTENT_TYPES, { error: "Choose a type." }),
    category: z.enum(CONTENT_CATEGORY_IDS, { error: "Choose a category." }),
    content: z.string().max(CONTENT_MAX_LENGTH, "The content is too long.").default(""),
  })
  .refine((block) => block.type !== "image" || isImageAddress(block.content), { path: ["content"], error: IMAGE_ADDRESS_MESSAGE });

export type NewContentBlock = z.infer<typeof newContentBlockSchema>;
