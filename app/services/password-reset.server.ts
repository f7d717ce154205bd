import { isAuthApiError } from "./auth-api-error.server";
import { eq } from "drizzle-orm";
import { authUser } from "#app/db/schema";
import { isStaffRole } from "#app/domain/staff-roles";
import { recordAudit } from "#app/models/audit.server";
import type { AppServices } from "./app-services.server";
import { rehearsePasswordResetMail } from "./password-reset-mail.server";
import { logSecurityEvent } from "./security-log.server";

/**
 * Password reset by an e-mailed one-time link (docs/decisions/0019), through better-auth's own
 * requestPasswordReset / resetPassword. The link goes through the outbox (auth-instance.server.ts queues it) and
 * only to active staff; the answer is the same whether or not the address has an account.
 */
type Services = Pick<AppServices, "auth" | "db" | "env" | "outbox" | "enquiries">;

/** Per client address: a few requests per quarter hour, so the form cannot be used to flood inboxes. */
const PER_IP = { limit: 5, windowSeconds: 15 * 60 };
/** Per address: further requests within the window are answered the same but send nothing. */
const PER_EMAIL = { limit: 3, windowSeconds: 15 * 60 };

export type ResetRequestOutcome = { status: "accepted" } | { status: "throttled"; retryAfterSeconds: number };

export async function requestPasswordReset(
  services: Services,
  input: { email: string; ip: string | null; headers: Headers },
): Promise<ResetRequestOutcome> {
  const byIp = await services.enquiries.limiter.hit(`password-reset:ip:${input.ip ?? "unknown"}`, PER_IP);
  if (!byIp.allowed) {
    logSecurityEvent("password-reset-requested", { ip: input.ip, outcome: "refused", reason: "too many requests" });
    return { status: "throttled", retryAfterSeconds: byIp.retryAfterSeconds };
  }
  const byEmail = await services.enquiries.limiter.hit(`password-reset:email:${input.email}`, PER_EMAIL);
  if (!byEmail.allowed) return { status: "accepted" };
  // better-auth's hook queues a message only for active staff (auth-instance.server.ts); for any other address
  // the same database work is done and undone, so the answer takes about as long either way.
  const sends = await isActiveStaffAddress(services, input.email);
  await services.auth.api.requestPasswordReset({ body: { email: input.email }, headers: input.headers });
  if (!sends) await rehearsePasswordResetMail(services.db);
  services.outbox.wake();
  // The address is not logged: the log must not tell which addresses have accounts either.
  logSecurityEvent("password-reset-requested", { ip: input.ip, outcome: "success" });
  return { status: "accepted" };
}

async function isActiveStaffAddress({ db }: Pick<AppServices, "db">, email: string): Promise<boolean> {
  const [user] = await db
    .select({ role: authUser.role, banned: authUser.banned })
    .from(authUser)
    .where(eq(authUser.email, email.trim().toLowerCase()));
  return Boolean(user && isStaffRole(user.role) && !user.banned);
}

const RESET_PREFIX = "reset-password:";

/** The account a reset token belongs to, while the token is unused and unexpired (tokens are stored hashed). */
export async function resetTokenOwner(services: Pick<AppServices, "auth">, token: string | null): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const context = await services.auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`${RESET_PREFIX}${token}`);
  if (!verification || verification.expiresAt < new Date()) return null;
  return verification.value;
}

export type ResetOutcome = { ok: true } | { ok: false; message: string };

export const RESET_LINK_INVALID = "This link has expired or has already been used. Ask for a new one.";

/** Sets the new password, uses the token up and ends every session of the account. */
export async function resetPasswordWithToken(
  services: Services,
  input: { token: string; newPassword: string; ip: string | null },
): Promise<ResetOutcome> {
  const userId = await resetTokenOwner(services, input.token);
  if (!userId) return { ok: false, message: RESET_LINK_INVALID };
  try {
    await services.auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    if (!isAuthApiError(error)) throw error;
    return { ok: false, message: RESET_LINK_INVALID };
  }
  const context = await services.auth.$context;
  const user = await context.internalAdapter.findUserById(userId);
  const actor = user ? { id: user.id, name: user.name, email: user.email } : ("system" as const);
  await recordAudit(services.db, { actor, kind: "account", action: "password reset by e-mail", subjectId: userId, subjectLabel: user?.email ?? "" });
  logSecurityEvent("password-reset", { actor: user?.email ?? userId, ip: input.ip, outcome: "success", otherSessionsEnded: true });
  return { ok: true };
}
