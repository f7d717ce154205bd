import { isAuthApiError } from "./auth-api-error.server";
import type { AuditActor } from "#app/models/audit.server";
import { recordAudit } from "#app/models/audit.server";
import type { AppServices } from "./app-services.server";
import { reservePasswordRecheck } from "./auth-password-recheck.server";
import { sessionEndReason } from "./auth-session-policy.server";
import { logSecurityEvent } from "./security-log.server";
import { withSessionAddress } from "./session-address.server";

/**
 * A member of staff's own account, through better-auth's own calls (docs/decisions/0019): change the password
 * (the current one is asked, every other session ends), the list of their sessions, revoking one, signing out
 * everywhere. Each call passes the request's headers, so better-auth acts for the signed-in session only. The current
 * password is throttled like a sign-in (auth-password-recheck.server.ts).
 */
type Services = Pick<AppServices, "auth" | "db" | "env">;
type Actor = Exclude<AuditActor, "system">;

/** One signed-in device, as the account page shows it (never its token). */
export type AccountSession = {
  id: string;
  current: boolean;
  signedInAt: string;
  lastActiveAt: string;
  ipAddress: string | null;
  userAgent: string | null;
};

type SessionRow = { id: string; token: string; createdAt: Date; updatedAt: Date; ipAddress?: string | null; userAgent?: string | null };

async function sessionsOf({ auth, env }: Services, headers: Headers): Promise<{ rows: SessionRow[]; currentToken: string | null }> {
  const current = await auth.api.getSession({ headers });
  const rows = (await auth.api.listSessions({ headers })) as SessionRow[];
  // better-auth lists sessions that have not reached their expiry; the idle limit is ours.
  const alive = rows.filter((row) => sessionEndReason(env, row) === null);
  return { rows: alive, currentToken: current?.session.token ?? null };
}

export async function listAccountSessions(services: Services, headers: Headers): Promise<AccountSession[]> {
  const { rows, currentToken } = await sessionsOf(services, headers);
  return rows
    .map((row) => ({
      id: row.id,
      current: row.token === currentToken,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      ipAddress: row.ipAddress ?? null,
      userAgent: row.userAgent ?? null,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/** `retryAfterSeconds`: refused unchecked, too many passwords were tried (auth-password-recheck.server.ts). */
export type ChangePasswordResult =
  { ok: true; headers: Headers } | { ok: false; field: "currentPassword"; message: string; retryAfterSeconds?: number };

export async function changeOwnPassword(
  services: Services,
  input: { headers: Headers; actor: Actor; ip: string | null; currentPassword: string; newPassword: string },
): Promise<ChangePasswordResult> {
  const place = await reservePasswordRecheck(services.db, { email: input.actor.email, ip: input.ip, step: "change password" });
  if (!place.allowed) return { ok: false, field: "currentPassword", message: place.message, retryAfterSeconds: place.retryAfterSeconds };
  try {
    const { headers } = await services.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: withSessionAddress(input.headers, input.ip),
      returnHeaders: true,
    });
    await place.release();
    await recordAudit(services.db, {
      actor: input.actor,
      kind: "account",
      action: "password changed",
      subjectId: input.actor.id,
      subjectLabel: input.actor.email,
    });
    logSecurityEvent("password-changed", { actor: input.actor.email, ip: input.ip, outcome: "success", otherSessionsEnded: true });
    return { ok: true, headers };
  } catch (error) {
    if (!isAuthApiError(error)) throw error;
    logSecurityEvent("password-changed", { actor: input.actor.email, ip: input.ip, outcome: "refused", reason: "wrong current password" });
    return { ok: false, field: "currentPassword", message: "The current password is not right." };
  }
}

/** Ends one of the member's own sessions. Returns whether it was the session making this request. */
export async function revokeOwnSession(
  services: Services,
  input: { headers: Headers; actor: Actor; ip: string | null; sessionId: string },
): Promise<{ revoked: boolean; wasCurrent: boolean; headers: Headers }> {
  const { rows, currentToken } = await sessionsOf(services, input.headers);
  const target = rows.find((row) => row.id === input.sessionId);
  if (!target) return { revoked: false, wasCurrent: false, headers: new Headers() };
  const { headers } = await services.auth.api.revokeSession({ body: { token: target.token }, headers: input.headers, returnHeaders: true });
  await recordAudit(services.db, {
    actor: input.actor,
    kind: "account",
    action: "session revoked",
    subjectId: input.actor.id,
    subjectLabel: input.actor.email,
  });
  logSecurityEvent("session-revoked", {
    actor: input.actor.email,
    ip: input.ip,
    outcome: "success",
    scope: "one",
    wasCurrent: target.token === currentToken,
  });
  return { revoked: true, wasCurrent: target.token === currentToken, headers };
}

/** Ends every session of the member, this one included; the headers clear this browser's cookie. */
export async function signOutEverywhere(services: Services, input: { headers: Headers; actor: Actor; ip: string | null }): Promise<Headers> {
  const { headers } = await services.auth.api.revokeSessions({ headers: input.headers, returnHeaders: true });
  await recordAudit(services.db, {
    actor: input.actor,
    kind: "account",
    action: "signed out everywhere",
    subjectId: input.actor.id,
    subjectLabel: input.actor.email,
  });
  logSecurityEvent("session-revoked", { actor: input.actor.email, ip: input.ip, outcome: "success", scope: "all" });
  return headers;
}
