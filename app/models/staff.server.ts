import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "#app/db/client.server";
import { announceChange } from "#app/db/change-bus.server";
import { authSession, authUser, type AuditChanges } from "#app/db/schema";
import { STAFF_ROLE_INFO, STAFF_ROLES, type StaffRole } from "#app/domain/staff-roles";
import { recordAudit } from "./audit.server";
import { withdrawInvitationsSentBy } from "./staff-invitations.server";

/**
 * Staff accounts as Owners manage them on /edit/users: the list, changing a role, deactivating and reactivating.
 * An account is deactivated with better-auth's own `banned` flag, which its sign-in already refuses and our guard
 * (getSessionUser) treats as signed out; its sessions are deleted in the same transaction, so it is out at once on
 * every app process. The site must always keep an active Owner: see `lockActiveOwners`.
 */
export type StaffMember = {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  active: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  sessions: number;
};

/** Who acts: the signed-in Owner (a route's requireStaff user). */
export type StaffActor = { id: string; name: string; email: string };

const isActive = sql`coalesce(${authUser.banned}, false) = false`;

/** Every staff account (Owners first, then Editors and Sales, each by name), with its number of open sessions. */
export async function listStaff(db: Database): Promise<StaffMember[]> {
  const sessions = db
    .select({ userId: authSession.userId, open: count().as("open") })
    .from(authSession)
    .where(sql`${authSession.expiresAt} > now()`)
    .groupBy(authSession.userId)
    .as("sessions");
  const rows = await db
    .select({
      id: authUser.id,
      name: authUser.name,
      email: authUser.email,
      role: authUser.role,
      banned: authUser.banned,
      lastSignInAt: authUser.lastSignInAt,
      createdAt: authUser.createdAt,
      sessions: sessions.open,
    })
    .from(authUser)
    .leftJoin(sessions, eq(sessions.userId, authUser.id))
    .where(inArray(authUser.role, [...STAFF_ROLES]))
    .orderBy(sql`array_position(array['owner','editor','sales']::text[], ${authUser.role})`, asc(sql`lower(${authUser.name})`));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as StaffRole,
    active: !row.banned,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    sessions: row.banned ? 0 : Number(row.sessions ?? 0),
  }));
}

export type StaffChangeRefusal = "not-found" | "not-owner" | "self" | "last-owner" | "unchanged";
export type StaffChangeResult =
  { ok: true; member: { id: string; name: string; email: string } } | { ok: false; reason: StaffChangeRefusal; message: string };

export const STAFF_MESSAGES = {
  notFound: "That account no longer exists.",
  notOwner: "Your account is no longer an active Owner, so nothing was changed.",
  selfDeactivate: "You cannot deactivate your own account. Another Owner can.",
  lastOwnerDemote: (name: string) => `${name} is the last active Owner, so the role stays Owner. Make someone else an Owner first.`,
  lastOwnerDeactivate: (name: string) => `${name} is the last active Owner and cannot be deactivated. Make someone else an Owner first.`,
  sameRole: (name: string, role: StaffRole) =>
    `${name} is already ${STAFF_ROLE_INFO[role].label === "Owner" ? "an" : "a"} ${STAFF_ROLE_INFO[role].label}.`,
  alreadyInactive: (name: string) => `${name} is already deactivated.`,
  alreadyActive: (name: string) => `${name} is already active.`,
} as const;

/**
 * Locks the rows of every active Owner (SELECT … FOR UPDATE) and returns their ids. Any change that could take
 * away an active Owner calls this first in its transaction, so two such changes run one after the other: the
 * second waits for the first to commit, then sees the Owners that remain (READ COMMITTED re-checks a locked row
 * against the WHERE clause), and two Owners demoting each other at once cannot leave the site without one.
 */
async function lockActiveOwners(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: authUser.id })
    .from(authUser)
    .where(and(eq(authUser.role, "owner"), isActive))
    .orderBy(asc(authUser.id))
    .for("update");
  return rows.map((row) => row.id);
}

type Target = { id: string; name: string; email: string; role: StaffRole; active: boolean };

async function lockTarget(tx: DbOrTx, userId: string): Promise<Target | null> {
  const [row] = await tx
    .select({ id: authUser.id, name: authUser.name, email: authUser.email, role: authUser.role, banned: authUser.banned })
    .from(authUser)
    .where(and(eq(authUser.id, userId), inArray(authUser.role, [...STAFF_ROLES])))
    .for("update");
  return row ? { id: row.id, name: row.name, email: row.email, role: row.role as StaffRole, active: !row.banned } : null;
}

function refuse(reason: StaffChangeRefusal, message: string): StaffChangeResult {
  return { ok: false, reason, message };
}

/**
 * The Owner check inside the transaction: the actor must still be an active Owner once the Owners are locked
 * (their role may have been taken away by a change that committed while this one waited).
 */
async function ownersFor(tx: DbOrTx, actor: StaffActor): Promise<string[] | null> {
  const owners = await lockActiveOwners(tx);
  return owners.includes(actor.id) ? owners : null;
}

export async function changeStaffRole(db: Database, actor: StaffActor, input: { userId: string; role: StaffRole }): Promise<StaffChangeResult> {
  return db.transaction(async (tx) => {
    const owners = await ownersFor(tx, actor);
    if (!owners) return refuse("not-owner", STAFF_MESSAGES.notOwner);
    const target = await lockTarget(tx, input.userId);
    if (!target) return refuse("not-found", STAFF_MESSAGES.notFound);
    if (target.role === input.role) return refuse("unchanged", STAFF_MESSAGES.sameRole(target.name, target.role));
    if (owners.includes(target.id) && owners.length <= 1) return refuse("last-owner", STAFF_MESSAGES.lastOwnerDemote(target.name));
    await tx.update(authUser).set({ role: input.role, updatedAt: new Date() }).where(eq(authUser.id, target.id));
    // Only Owners invite; an Owner who is one no more leaves no working invitation behind.
    const withdrawn = target.role === "owner" ? await withdrawInvitationsSentBy(tx, target.id) : [];
    await recordAudit(tx, {
      actor,
      kind: "user",
      action: "role changed",
      subjectId: target.id,
      subjectLabel: target.email,
      changes: { role: { before: STAFF_ROLE_INFO[target.role].label, after: STAFF_ROLE_INFO[input.role].label }, ...invitationsChange(withdrawn) },
    });
    await announceChange(tx, "users", target.id);
    return { ok: true, member: target };
  });
}

/** The audit row's note of the invitations a change withdrew (none: nothing to note). */
function invitationsChange(withdrawn: string[]): AuditChanges {
  return withdrawn.length > 0 ? { "open invitations": { before: withdrawn.join(", "), after: "withdrawn" } } : {};
}

/** Deactivates an account and ends all its sessions, in one transaction with its audit row. Returns how many sessions ended. */
export async function deactivateStaff(db: Database, actor: StaffActor, userId: string): Promise<StaffChangeResult & { sessionsEnded?: number }> {
  return db.transaction(async (tx) => {
    const owners = await ownersFor(tx, actor);
    if (!owners) return refuse("not-owner", STAFF_MESSAGES.notOwner);
    if (userId === actor.id) return refuse("self", STAFF_MESSAGES.selfDeactivate);
    const target = await lockTarget(tx, userId);
    if (!target) return refuse("not-found", STAFF_MESSAGES.notFound);
    if (!target.active) return refuse("unchanged", STAFF_MESSAGES.alreadyInactive(target.name));
    if (owners.includes(target.id) && owners.length <= 1) return refuse("last-owner", STAFF_MESSAGES.lastOwnerDeactivate(target.name));
    await tx
      .update(authUser)
      .set({ banned: true, banReason: `Deactivated by ${actor.email}`, banExpires: null, updatedAt: new Date() })
      .where(eq(authUser.id, target.id));
    const ended = await tx.delete(authSession).where(eq(authSession.userId, target.id)).returning({ id: authSession.id });
    const withdrawn = await withdrawInvitationsSentBy(tx, target.id);
    await recordAudit(tx, {
      actor,
      kind: "user",
      action: "deactivated",
      subjectId: target.id,
      subjectLabel: target.email,
      changes: { status: { before: "Active", after: "Deactivated" }, sessions: { before: ended.length, after: 0 }, ...invitationsChange(withdrawn) },
    });
    await announceChange(tx, "users", target.id);
    return { ok: true, member: target, sessionsEnded: ended.length };
  });
}

export async function reactivateStaff(db: Database, actor: StaffActor, userId: string): Promise<StaffChangeResult> {
  return db.transaction(async (tx) => {
    const owners = await ownersFor(tx, actor);
    if (!owners) return refuse("not-owner", STAFF_MESSAGES.notOwner);
    const target = await lockTarget(tx, userId);
    if (!target) return refuse("not-found", STAFF_MESSAGES.notFound);
    if (target.active) return refuse("unchanged", STAFF_MESSAGES.alreadyActive(target.name));
    await tx.update(authUser).set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() }).where(eq(authUser.id, target.id));
    await recordAudit(tx, {
      actor,
      kind: "user",
      action: "reactivated",
      subjectId: target.id,
      subjectLabel: target.email,
      changes: { status: { before: "Deactivated", after: "Active" } },
    });
    await announceChange(tx, "users", target.id);
    return { ok: true, member: target };
  });
}

/** When a member of staff last signed in (shown on /edit/users); called after a successful sign-in. */
export async function recordStaffSignIn(db: Database, userId: string, at = new Date()): Promise<void> {
  await db.update(authUser).set({ lastSignInAt: at }).where(eq(authUser.id, userId));
}
