import { z } from "zod";
import { isValidEmailAddress } from "./email-address";

/**
 * The personal-data requests page (/edit/enquiries/privacy): find, export and erase what is held about one
 * e-mail address. Every form posts the address in its body, never in a URL, so it stays out of request logs
 * and browser history. One schema each, used by the browser (Conform) and the actions.
 */
const address = z.string({ error: "Enter the e-mail address." }).trim().refine(isValidEmailAddress, "Enter a full e-mail address.");

export const findAddressSchema = z.object({ email: address });

export const eraseAddressSchema = z
  .object({
    email: address,
    confirm: z.string({ error: "Type the address again to confirm." }).trim(),
  })
  .refine((value) => value.confirm.toLowerCase() === value.email.toLowerCase(), {
    path: ["confirm"],
    error: "Type the same address again to confirm the erasure.",
  });
