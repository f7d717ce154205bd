import { isAuthApiError } from "./auth-api-error.server";
import { eq } from "drizzle-orm";
import { authTwoFactor, authUser } from "#app/db/schema";
import type { TwoFactorStatus } from "#app/domain/two-factor-codes";
import type { AuditActor } from "#app/models/audit.server";
import { recordAudit } from "#app/models/audit.server";
import type { Database } from "#app/db/client.server";
import type { AppServices } from "./app-services.server";
import { reservePasswordRecheck } from "./auth-password-recheck.server";
import { logSecurityEvent } from "./security-log.server";
import { withSessionAddress } from "./session-address.server";

/**
 * A member of staff turning two-factor sign-in on and off on their own account (docs/decisions/0020), through
 * better-auth's two-factor plugin. Turning it on is two requests: the password starts a setup (a secret the
 * plugin keeps unverified), then one code from the authenticator app confirms it; only then does sign-in ask for a
 * code, and only then are the recovery codes shown. Each change is an audit row and a security event; neither
 * ever holds a code or the secret. Every step that asks for the password again is throttled like a sign-in
 * (auth-password-recheck.server.ts).
 */
type Services = Pick<AppServices, "auth" | "db">;
type Actor = Exclude<AuditActor, "system">;
type Call = { headers: Headers; actor: Actor; ip: string | null };

export type { TwoFactorStatus };

/** Whether the account signs in with a code, and how many unused recovery codes it has. */
export async function twoFactorStatus({ db, auth }: Services, userId: string): Promise<TwoFactorStatus> {
  const [row] = await db
    .select({ enabled: authUser.twoFactorEnabled, verified: authTwoFactor.verified })
    .from(authUser)
    .leftJoin(authTwoFactor, eq(authTwoFactor.userId, authUser.id))
    .where(eq(authUser.id, userId));
  if (!row?.enabled || !row.verified) return { enabled: false, recoveryCodesLeft: 0 };
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
  return { enabled: true, recoveryCodesLeft: backupCodes.length };
}

/** What the member scans or types into their authenticator app. */
export type TotpSetup = { totpUri: string; secret: string; qrDataUrl: string };

/** The QR code as an SVG data URL (the page's CSP allows data: images), and the secret for typing in by hand. */
export async function describeTotpUri(totpUri: string): Promise<TotpSetup> {
  const url = new URL(totpUri);
  if (url.protocol !== "otpauth:") throw new Error("not an otpauth URI");
  const secret = url.searchParams.get("secret") ?? "";
  // Loaded when a staff member sets up two-factor sign-in, not at every start of the server.
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(totpUri, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#1f2d24", light: "#ffffff" } });
  return { totpUri, secret, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

const WRONG_PASSWORD = "The password is not right.";

/** A refusal of a step that asks for the password; `retryAfterSeconds` when too many were tried (not checked then). */
export type PasswordRefusal = { ok: false; message: string; retryAfterSeconds?: number };

export type StartResult = { ok: true; setup: TotpSetup } | PasswordRefusal;

/** Step one: the password again, then a new secret (unverified: sign-in does not ask for it yet). */
export async function startTwoFactorSetup(services: Services, input: Call & { password: string }): Promise<StartResult> {
  const place = await reservePasswordRecheck(services.db, { email: input.actor.email, ip: input.ip, step: "two-factor setup" });
  if (!place.allowed) return { ok: false, message: place.message, retryAfterSeconds: place.retryAfterSeconds };
  try {
    const started = await services.auth.api.enableTwoFactor({ body: { password: input.password, method: "totp" }, headers: input.headers });
    await place.release();
    if (started.method !== "totp") throw new Error("better-auth enabled a method other than TOTP");
    logSecurityEvent("two-factor-changed", { actor: input.actor.email, ip: input.ip, outcome: "success", change: "setup started" });
    return { ok: true, setup: await describeTotpUri(started.totpURI) };
  } catch (error) {
    if (!isAuthApiError(error)) throw error;
    const already = (error.body as { code?: string } | undefined)?.code === "TOTP_ALREADY_ENABLED";
    logSecurityEvent("two-factor-changed", {
      actor: input.actor.email,
      ip: input.ip,
      outcome: "refused",
      change: "setup started",
      reason: already ? "already on" : "wrong password",
    });
    return { ok: false, message: already ? "Two-step sign-in is already on." : WRONG_PASSWORD };
  }
}

export type ConfirmResult = { ok: true; headers: Headers; recoveryCodes: string[] } | { ok: false; message: string; expired: boolean };

/**
 * Step two: one valid code from the app turns it on (the plugin marks the secret verified and renews this
 * browser's session). The recovery codes made at step one are read back once, to be shown on this answer only.
 */
export async function confirmTwoFactorSetup(services: Services, input: Call & { code: string }): Promise<ConfirmResult> {
  const { db, auth } = services;
  const [pending] = await db.select({ verified: authTwoFactor.verified }).from(authTwoFactor).where(eq(authTwoFactor.userId, input.actor.id));
  // Only a setup in progress can be confirmed: once on, a code proves nothing new here.
  if (!pending || pending.verified) return { ok: false, message: "This setup has ended. Start again with your password.", expired: true };
  let headers: Headers;
  try {
    ({ headers } = await auth.api.verifyTOTP({
      body: { code: input.code },
      headers: withSessionAddress(input.headers, input.ip),
      returnHeaders: true,
    }));
  } catch (error) {
    if (!isAuthApiError(error)) throw error;
    logSecurityEvent("two-factor-changed", { actor: input.actor.email, ip: input.ip, outcome: "failure", change: "turned on", reason: "wrong code" });
    return { ok: false, message: "That code is not right. Check the time on your phone and enter the code showing now.", expired: false };
  }
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: input.actor.id } });
  await recordAudit(db, {
    actor: input.actor,
    kind: "account",
    action: "two-factor sign-in turned on",
    subjectId: input.actor.id,
    subjectLabel: input.actor.email,
  });
  logSecurityEvent("two-factor-changed", { actor: input.actor.email, ip: input.ip, outcome: "success", change: "turned on" });
  return { ok: true, headers, recoveryCodes: backupCodes };
}

export type PasswordStepResult<T> = ({ ok: true } & T) | PasswordRefusal;

/** Turns it off (password again): sign-in asks for the password only; the secret and codes are deleted. */
export async function turnOffTwoFactor(services: Services, input: Call & { password: string }): Promise<PasswordStepResult<{ headers: Headers }>> {
  const place = await reservePasswordRecheck(services.db, { email: input.actor.email, ip: input.ip, step: "two-factor off" });
  if (!place.allowed) return { ok: false, message: place.message, retryAfterSeconds: place.retryAfterSeconds };
  try {
    const { headers } = await services.auth.api.disableTwoFactor({
      body: { password: input.password },
      headers: withSessionAddress(input.headers, input.ip),
      returnHeaders: true,
    });
    await place.release();
    await recordAudit(services.db, {
      actor: input.actor,
      kind: "account",
      action: "two-factor sign-in turned off",
      subjectId: input.actor.id,
      subjectLabel: input.actor.email,
    });
    logSecurityEvent("two-factor-changed", { actor: input.actor.email, ip: input.ip, outcome: "success", change: "turned off" });
    return { ok: true, headers };
  } catch (error) {
    if (!isAuthApiError(error)) throw error;
    logSecurityEvent("two-factor-changed", {
      actor: input.actor.email,
      ip: input.ip,
      outcome: "refused",
      change: "turned off",
      reason: "wrong password",
    });
    return { ok: false, message: WRONG_PASSWORD };
  }
}

/** New recovery codes (password again): the old ones stop working. */
export async function makeNewRecoveryCodes(
  services: Services,
  input: Call & { password: string },
): Promise<PasswordStepResult<{ recoveryCodes: string[] }>> {
  const place = await reservePasswordRecheck(services.db, { email: input.actor.email, ip: input.ip, step: "new recovery codes" });
  if (!place.allowed) return { ok: false, message: place.message, retryAfterSeconds: place.retryAfterSeconds };
  try {
    const made = await services.auth.api.generateBackupCodes({ body: { password: input.password }, headers: input.headers });
    await place.release();
    await recordAudit(services.db, {
      actor: input.actor,
      kind: "account",
      action: "new recovery codes made",
      subjectId: input.actor.id,
      subjectLabel: input.actor.email,
    });
    logSecurityEvent("two-factor-changed", { actor: input.actor.email, ip: input.ip, outcome: "success", change: "new recovery codes" });
    return { ok: true, recoveryCodes: made.backupCodes };
  } catch (error) {
    if (!isAuthApiError(error)) throw error;
    const off = (error.body as { code?: string } | undefined)?.code === "TWO_FACTOR_NOT_ENABLED";
    logSecurityEvent("two-factor-changed", {
      actor: input.actor.email,
      ip: input.ip,
      outcome: "refused",
      change: "new recovery codes",
      reason: off ? "two-factor is off" : "wrong password",
    });
    return { ok: false, message: off ? "Two-step sign-in is off: there are no recovery codes to replace." : WRONG_PASSWORD };
  }
}

/**
 * The way back in for a member of staff with neither their phone nor a recovery code: an operator turns two-step
 * sign-in off for the account (`npm run admin:two-factor-off`), in one transaction with its audit row. The password
 * stays as it is; the member can set up two-step sign-in again from their account page. Null for an unknown address.
 */
export async function turnOffTwoFactorByOperator(db: Database, email: string): Promise<{ id: string; email: string; wasOn: boolean } | null> {
  const address = email.trim().toLowerCase();
  const result = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: authUser.id, email: authUser.email, on: authUser.twoFactorEnabled })
      .from(authUser)
      .where(eq(authUser.email, address));
    if (!user) return null;
    await tx.update(authUser).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(authUser.id, user.id));
    const removed = await tx.delete(authTwoFactor).where(eq(authTwoFactor.userId, user.id)).returning({ id: authTwoFactor.id });
    const wasOn = Boolean(user.on) || removed.length > 0;
    if (wasOn)
      await recordAudit(tx, {
        actor: "system",
        kind: "account",
        action: "two-factor sign-in turned off by an operator",
        subjectId: user.id,
        subjectLabel: user.email,
      });
    return { id: user.id, email: user.email, wasOn };
  });
  if (result?.wasOn)
    logSecurityEvent("two-factor-changed", { actor: "operator", outcome: "success", change: "turned off by an operator", account: result.email });
  return result;
}
