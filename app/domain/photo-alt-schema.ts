import { z } from "zod";
import { MAX_ALT_LENGTH } from "./listing-photos";

/**
 * Alt text as staff type it, on the editor's form or with an upload: one line of plain text. Control characters
 * are refused rather than stored: a NUL cannot be kept in the photos' JSON column at all (PostgreSQL refuses it). Apart from listing-photos.ts, so the gallery
 * does not bring zod to the detail page.
 */
export const photoAltSchema = z
  .string()
  .trim()
  .max(MAX_ALT_LENGTH, `Keep the alt text under ${MAX_ALT_LENGTH} characters.`)
  .regex(/^\P{Cc}*$/u, "Alt text must be one line of plain text.");
