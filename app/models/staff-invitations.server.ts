import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "#app/db/client.server";
import { announceChange } from "#app/db/change-bus.server";
import { authAccount, authUser, staffInvitations } from "#app/db/schema";
import { STAFF_ROLE_INFO, type StaffRole } from "#app/domain/staff-roles";
import { recordAudit } from "./audit.server";
import { enqueueMail } from "./outbox.server";
import type { StaffActor } from "./staff.server";

/**
 * Invitations to join the staff (/edit/users → e-mail → /accept-invitation). The link's token is random and only
 * its SHA-256 hash is stored; the plain token waits in the outbox row until the e-mail is sent, like a reset link
 * (docs/decisions/0019). An invitation works once, until it expires (STAFF_INVITE_HOURS), unless an Owner withdraws
 * it or sends a new one to the same address. Accepting makes the account, its password and the audit row in one
 * transaction that holds the invitation's row locked, so a link can never make two accounts.
 */
export type OpenInvitation = {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
};

export const INVITATION_MESSAGES = {
  hasAccount: (email: string) => `${email} already has a staff account.`,
  hasDeactivatedAccount: (email: string) => `${email} has a deactivated account. Reactivate it in the list instead.`,
  notOpen: "That invitation has already been used or withdrawn.",
  notOwner: "Your account is no longer an active Owner, so nothing was sent.",
} as const;

/** What the invitation page says for a link that cannot be used. */
export const INVITATION_LINK_PROBLEMS = {
  unknown: "This invitation link is not valid. It may have been withdrawn or replaced by a newer invitation. Ask an Owner to invite you again.",
  expired: "This invitation has expired. Ask an Owner to send you a new one.",
  used: "This invitation has already been used. Sign in with the password you chose.",
  accountExists: "An account with this e-mail address already exists. Sign in, or ask an Owner for help.",
} as const;
export type InvitationLinkProblem = keyof typeof INVITATION_LINK_PROBLEMS;

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export async function listOpenInvitations(db: Database, now = new Date()): Promise<OpenInvitation[]> {
  const rows = await db
    .select()
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .orderBy(desc(staffInvitations.createdAt));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByLabel,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  }));
}

async function actorIsActiveOwner(tx: DbOrTx, actor: Pick<StaffActor, "id">): Promise<boolean> {
  const [row] = await tx
    .select({ id: authUser.id })
    .from(authUser)
    .where(and(eq(authUser.id, actor.id), eq(authUser.role, "owner"), sql`coalesce(${authUser.banned}, false) = false`));
  return row !== undefined;
}

export type InviteResult = { ok: true; invitationId: string; expiresAt: Date } | { ok: false; field?: "email"; message: string };

/**
 * Invites an address with a role: withdraws any open invitation to it, stores the new one and queues its e-mail,
 * with the audit row, in one transaction. Call the outbox's wake() after it returns, so the e-mail goes at once.
 */
export async function inviteStaff(
  db: Database,
  input: { actor: StaffActor; email: string; role: StaffRole; lifetimeHours: number; action?: "invited" | "invitation re-sent" },
  now = new Date(),
): Promise<InviteResult> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    if (!(await actorIsActiveOwner(tx, input.actor))) return { ok: false, message: INVITATION_MESSAGES.notOwner };
    const [existing] = await tx.select({ banned: authUser.banned }).from(authUser).where(eq(authUser.email, email));
    if (existing) {
      return {
        ok: false,
        field: "email",
        message: existing.banned ? INVITATION_MESSAGES.hasDeactivatedAccount(email) : INVITATION_MESSAGES.hasAccount(email),
      };
    }
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(and(eq(staffInvitations.email, email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
    const token = crypto.randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + input.lifetimeHours * 3_600_000);
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedById: input.actor.id,
        invitedByLabel: input.actor.name,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: staffInvitations.id });
    await enqueueMail(tx, { kind: "staff-invitation", recipient: email, payload: { token, role: input.role, invitedBy: input.actor.name } });
    await recordAudit(tx, {
      actor: input.actor,
      kind: "user",
      action: input.action ?? "invited",
      subjectId: row!.id,
      subjectLabel: email,
      changes: { role: { before: null, after: STAFF_ROLE_INFO[input.role].label } },
    });
    await announceChange(tx, "users", "invitations");
    return { ok: true, invitationId: row!.id, expiresAt };
  });
}

async function lockOpenInvitation(tx: DbOrTx, invitationId: string) {
  const [row] = await tx
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, invitationId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .for("update");
  return row;
}

/** Withdraws an open invitation: its link stops working at once. */
export async function revokeInvitation(
  db: Database,
  actor: StaffActor,
  invitationId: string,
  now = new Date(),
): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    if (!(await actorIsActiveOwner(tx, actor))) return { ok: false, message: INVITATION_MESSAGES.notOwner };
    const row = await lockOpenInvitation(tx, invitationId);
    if (!row) return { ok: false, message: INVITATION_MESSAGES.notOpen };
    await tx.update(staffInvitations).set({ revokedAt: now }).where(eq(staffInvitations.id, row.id));
    await recordAudit(tx, { actor, kind: "user", action: "invitation withdrawn", subjectId: row.id, subjectLabel: row.email });
    await announceChange(tx, "users", "invitations");
    return { ok: true, email: row.email };
  });
}

/**
 * Withdraws the open invitations a member sent, when that member stops being an active Owner (deactivated, or given
 * another role), in the caller's transaction. An invitation carries its sender's authority: a departing Owner, or
 * whoever holds their stolen session, must not leave a working link behind. Returns the addresses withdrawn.
 */
export async function withdrawInvitationsSentBy(tx: DbOrTx, userId: string, now = new Date()): Promise<string[]> {
  const withdrawn = await tx
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(and(eq(staffInvitations.invitedById, userId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .returning({ email: staffInvitations.email });
  if (withdrawn.length > 0) await announceChange(tx, "users", "invitations");
  return withdrawn.map((row) => row.email);
}

/** The open invitation's address and role, for sending it again (a fresh link and expiry; the old link stops working). */
export async function openInvitation(db: Database, invitationId: string) {
  const [row] = await db
    .select({ email: staffInvitations.email, role: staffInvitations.role })
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, invitationId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
  return row ?? null;
}

export type InvitationLookup =
  { ok: true; email: string; role: StaffRole; invitedBy: string; expiresAt: Date } | { ok: false; problem: InvitationLinkProblem };

function stateOf(row: typeof staffInvitations.$inferSelect | undefined, now: Date): InvitationLookup {
  if (!row || row.revokedAt) return { ok: false, problem: "unknown" };
  if (row.acceptedAt) return { ok: false, problem: "used" };
  if (row.expiresAt <= now) return { ok: false, problem: "expired" };
  return { ok: true, email: row.email, role: row.role, invitedBy: row.invitedByLabel, expiresAt: row.expiresAt };
}

/** What a link's token opens: the invitation, or why it cannot be used. */
export async function findInvitation(db: Database, token: string | null, now = new Date()): Promise<InvitationLookup> {
  if (!token || token.length > 200) return { ok: false, problem: "unknown" };
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashToken(token)));
  return stateOf(row, now);
}

export type AcceptResult =
  { ok: true; user: { id: string; email: string; name: string; role: StaffRole } } | { ok: false; problem: InvitationLinkProblem };

/**
 * Makes the invitee's account: the user with the invited role, its password (hashed by the caller with the same
 * function better-auth uses, so sign-in checks it as any other) as better-auth's credential account, the invitation
 * marked used and the audit row, in one transaction holding the invitation's row locked.
 */
export async function acceptInvitation(
  db: Database,
  input: { token: string; name: string; passwordHash: string },
  now = new Date(),
): Promise<AcceptResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, hashToken(input.token)))
      .for("update");
    const state = stateOf(row, now);
    if (!state.ok) return state;
    // The sender must still be an active Owner when the link is used (withdrawInvitationsSentBy does this as they stop
    // being one; this holds whatever path changed the account).
    if (!row!.invitedById || !(await actorIsActiveOwner(tx, { id: row!.invitedById }))) return { ok: false, problem: "unknown" };
    const [existing] = await tx.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, state.email));
    if (existing) return { ok: false, problem: "accountExists" };
    const userId = crypto.randomUUID();
    await tx.insert(authUser).values({
      id: userId,
      name: input.name,
      email: state.email,
      // The address received the link, which proves it.
      emailVerified: true,
      role: state.role,
      banned: false,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(authAccount).values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: input.passwordHash,
      createdAt: now,
      updatedAt: now,
    });
    await tx.update(staffInvitations).set({ acceptedAt: now, acceptedUserId: userId }).where(eq(staffInvitations.id, row!.id));
    const user = { id: userId, email: state.email, name: input.name, role: state.role };
    await recordAudit(tx, {
      actor: user,
      kind: "user",
      action: "invitation accepted",
      subjectId: userId,
      subjectLabel: state.email,
      changes: { role: { before: null, after: STAFF_ROLE_INFO[state.role].label } },
    });
    await announceChange(tx, "users", userId);
    return { ok: true, user };
  });
}
