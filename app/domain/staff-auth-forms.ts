import { z } from "zod";
import { requiredText } from "./required-text";
import { currentPasswordSchema, passwordConfirmationSchema, passwordSchema, passwordsDifferIssue, passwordsMatch } from "./password-policy";

/**
 * The sign-in and first-run set-up forms' rules and messages, shared by the browser (Conform) and the route actions.
 * Conform turns an empty field into `undefined`, which is why each required field's "missing" message is also its
 * type error. Passwords are never sent back to the page after a refused post (`hideFields`).
 */

const emailAddress = z
  .string({ error: "Enter your e-mail address." })
  .trim()
  .min(1, { error: "Enter your e-mail address.", abort: true })
  .max(254, { error: "Enter a valid e-mail address.", abort: true })
  .toLowerCase()
  .pipe(z.email("Enter a valid e-mail address."));

export const signInSchema = z.object({
  email: emailAddress,
  password: currentPasswordSchema,
});

export const setupSchema = z
  .object({
    name: requiredText("Enter a name.").max(120, "Use at most 120 characters."),
    email: emailAddress,
    password: passwordSchema,
    confirm: passwordConfirmationSchema,
    token: z.string({ error: "This set-up link is incomplete." }),
  })
  .refine(passwordsMatch, passwordsDifferIssue);

/** Fields whose values are never echoed back into a form. */
export const SECRET_FIELDS = ["password", "confirm"];
