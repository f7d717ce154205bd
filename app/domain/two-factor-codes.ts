import { z } from "zod";

/**
 * The codes of two-factor sign-in (docs/decisions/0020-two-factor-sign-in.md), shared by the sign-in page's second
 * step and the account page: six digits from an authenticator app (spaces allowed, as apps show "123 456"), or a
 * recovery code as better-auth makes them ("Ab3dE-fG7hJ"; letters keep their case, the dash may be left out).
 */
const TOTP_MESSAGE = "Enter the 6-digit code from your authenticator app.";
const RECOVERY_MESSAGE = "Enter one of your recovery codes.";

export const totpCode = z
  .string({ error: TOTP_MESSAGE })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_MESSAGE));

export const recoveryCode = z
  .string({ error: RECOVERY_MESSAGE })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, "A recovery code has ten letters and digits, like Ab3dE-fG7hJ."))
  .transform((value) => (value.includes("-") ? value : `${value.slice(0, 5)}-${value.slice(5)}`));

export const SECOND_STEP_METHODS = ["totp", "recovery"] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

export function secondStepMethod(value: string | null): SecondStepMethod {
  return value === "recovery" ? "recovery" : "totp";
}

/** The sign-in page's second step: which kind of code, and the code. */
export const secondStepSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCode }),
  z.object({ method: z.literal("recovery"), code: recoveryCode }),
]);

/** Whether an account signs in with a code, and how many unused recovery codes it has (the account page). */
export type TwoFactorStatus = { enabled: boolean; recoveryCodesLeft: number };
