import { z } from "zod";
import { passwordConfirmationSchema, passwordSchema, passwordsDifferIssue, passwordsMatch } from "./password-policy";

/** "Forgot your password?": the address of the staff account. */
export const forgotPasswordSchema = z.object({
  email: z.string({ error: "Enter your e-mail address." }).trim().toLowerCase().pipe(z.email("Enter a valid e-mail address.")),
});

/** The page an e-mailed reset link opens: the new password twice; the token rides along hidden. */
export const resetPasswordSchema = z
  .object({ token: z.string().min(1).max(200), password: passwordSchema, confirm: passwordConfirmationSchema })
  .refine(passwordsMatch, passwordsDifferIssue);
