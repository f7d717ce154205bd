import { z } from "zod";
import { asciiEmailAddress, isValidEmailAddress } from "./email-address";

/**
 * The personal-data requests page (/edit/enquiries/privacy): find, export and erase what is held about one
 * e-mail address. Every form posts the address in its body, never in a URL, so it stays out of request logs
 * and browser history. One schema each, used by the browser (Conform) and the actions.
 */
// Enquiries store a domain in another script in its ASCII form (jose@bücher.de as jose@xn--bcher-kva.de): the
// address is looked up in that form too, however it was typed here.
const address = z
  .string({ error: "Enter the e-mail address." })
  .trim()
  .refine(isValidEmailAddress, "Enter a full e-mail address.")
  .overwrite(asciiEmailAddress);

export const findAddressSchema = z.object({ email: address });

export const eraseAddressSchema = z
  .object({
    email: address,
    confirm: z.string({ error: "Type the address again to confirm." }).trim(),
  })
  .refine((value) => asciiEmailAddress(value.confirm).toLowerCase() === value.email.toLowerCase(), {
    path: ["confirm"],
    error: "Type the same address again to confirm the erasure.",
  });
