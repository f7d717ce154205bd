import { z } from "zod";
import { totpCode } from "./two-factor-codes";
import { currentPasswordSchema, passwordConfirmationSchema, passwordSchema, passwordsDifferIssue, passwordsMatch } from "./password-policy";

/**
 * The forms of a member of staff's own account (/edit/account): one schema each, used by the browser and again
 * by the action. `intent` says which form was sent.
 */
export const ACCOUNT_INTENTS = [
  "change-password",
  "sign-out-everywhere",
  "revoke-session",
  "two-factor-start",
  "two-factor-confirm",
  "two-factor-disable",
  "recovery-codes",
  "recovery-codes-saved",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export function isAccountIntent(value: unknown): value is AccountIntent {
  return typeof value === "string" && (ACCOUNT_INTENTS as readonly string[]).includes(value);
}

const currentPassword = currentPasswordSchema;

export const changePasswordSchema = z
  .object({ currentPassword, password: passwordSchema, confirm: passwordConfirmationSchema })
  .refine(passwordsMatch, passwordsDifferIssue)
  .refine((value) => value.password !== value.currentPassword, { path: ["password"], error: "Choose a password different from the current one." });

export const revokeSessionSchema = z.object({ sessionId: z.string().min(1).max(200) });

/** Turning two-step sign-in on or off, or making new recovery codes, asks for the password again. */
export const confirmPasswordSchema = z.object({ currentPassword });

/**
 * The first code from the authenticator app, which turns two-step sign-in on. The setup's otpauth URI comes back
 * with it only so a wrong code can show the same QR code again (plain forms keep no state between posts); the
 * code is checked against the secret better-auth keeps, never against this.
 */
export const totpCodeSchema = z.object({
  code: totpCode,
  totpUri: z
    .string()
    .max(1000)
    .regex(/^otpauth:\/\/totp\//),
});
