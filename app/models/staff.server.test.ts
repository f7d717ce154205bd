import { and, eq } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { auditEvents, authSession, authUser } from "#app/db/schema";
import type { StaffRole } from "#app/domain/staff-roles";
import type { AppServices } from "#app/services/app-services.server";
import { createStaffUser } from "#app/services/auth-admin.server";
import { DEACTIVATED, signInStaff } from "#app/services/auth-sign-in.server";
import { getSessionUser } from "#app/services/auth.server";
import { cookieFrom } from "../../tests/setup/staff-sessions";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE } from "../../tests/setup/test-services";
import { changeStaffRole, deactivateStaff, listStaff, reactivateStaff, STAFF_MESSAGES, type StaffActor } from "./staff.server";

for (const kind of TEST_DATABASE_KINDS) {
  describe(`staff accounts on ${kind}`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    let counter = 0;

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle));
    });
    afterAll(async () => {
      await stop();
      await handle.close();
    });

    const PASSWORD = "a long staff password";
    /** A member of staff with a unique address (each test makes its own, so Owners from other tests do not count). */
    async function member(role: StaffRole, name = `${role} ${counter + 1}`): Promise<StaffActor> {
      counter += 1;
      const made = await createStaffUser(services, { email: `staff-${counter}-${role}@example.test`, password: PASSWORD, name, role });
      return { id: made.id, name: made.name, email: made.email };
    }
    const signIn = (email: string, password = PASSWORD) =>
      signInStaff(services, { email, password, clientAddress: "192.0.2.77", requestHeaders: new Headers() });
    const roleOf = async (id: string) => (await handle.db.select({ role: authUser.role }).from(authUser).where(eq(authUser.id, id)))[0]?.role;
    const auditOf = (subjectId: string) =>
      handle.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.kind, "user"), eq(auditEvents.subjectId, subjectId)));
    /** Takes every Owner made by earlier tests out of the count, so each test sets up its own Owners. */
    async function onlyTheseOwners(...ids: string[]) {
      const owners = await handle.db.select({ id: authUser.id }).from(authUser).where(eq(authUser.role, "owner"));
      for (const { id } of owners) if (!ids.includes(id)) await handle.db.update(authUser).set({ role: "editor" }).where(eq(authUser.id, id));
    }

    it("lists staff with role, status and last sign-in, and leaves out accounts without a staff role", async () => {
      const owner = await member("owner", "Olivia Owner");
      const sales = await member("sales", "Sam Sales");
      await services.auth.api.createUser({ body: { email: `visitor-${counter}@example.test`, password: PASSWORD, name: "Visitor", role: "user" } });
      expect((await signIn(sales.email)).ok).toBe(true);

      const staff = await listStaff(handle.db);
      expect(staff.map((row) => row.name)).not.toContain("Visitor");
      expect(staff.find((row) => row.id === owner.id)).toMatchObject({ role: "owner", active: true, lastSignInAt: null, sessions: 0 });
      const signedIn = staff.find((row) => row.id === sales.id)!;
      expect(signedIn).toMatchObject({ role: "sales", active: true, sessions: 1 });
      expect(Date.now() - Date.parse(signedIn.lastSignInAt!)).toBeLessThan(60_000);
      // Owners first.
      expect(staff[0]!.role).toBe("owner");
    });

    it("changes a role, with the before and after in the audit trail", async () => {
      const owner = await member("owner");
      const editor = await member("editor");
      expect(await changeStaffRole(handle.db, owner, { userId: editor.id, role: "sales" })).toMatchObject({ ok: true });
      expect(await roleOf(editor.id)).toBe("sales");
      expect(await auditOf(editor.id)).toEqual([
        expect.objectContaining({
          actorId: owner.id,
          action: "role changed",
          subjectLabel: editor.email,
          changes: { role: { before: "Editor", after: "Sales" } },
        }),
      ]);
      expect(await changeStaffRole(handle.db, owner, { userId: editor.id, role: "sales" })).toMatchObject({ ok: false, reason: "unchanged" });
      expect(await changeStaffRole(handle.db, owner, { userId: "no-such-user", role: "sales" })).toMatchObject({ ok: false, reason: "not-found" });
    });

    it("never demotes or deactivates the last active Owner, and an Owner cannot deactivate themselves", async () => {
      const owner = await member("owner", "Only Owner");
      await onlyTheseOwners(owner.id);
      expect(await changeStaffRole(handle.db, owner, { userId: owner.id, role: "editor" })).toEqual({
        ok: false,
        reason: "last-owner",
        message: STAFF_MESSAGES.lastOwnerDemote("Only Owner"),
      });
      expect(await deactivateStaff(handle.db, owner, owner.id)).toMatchObject({ ok: false, reason: "self" });
      expect(await roleOf(owner.id)).toBe("owner");
      expect(await auditOf(owner.id)).toEqual([]);

      // A second Owner makes the first one's role free to change; a deactivated Owner no longer counts.
      const second = await member("owner", "Second Owner");
      expect(await changeStaffRole(handle.db, second, { userId: owner.id, role: "editor" })).toMatchObject({ ok: true });
      expect(await changeStaffRole(handle.db, second, { userId: second.id, role: "sales" })).toMatchObject({ ok: false, reason: "last-owner" });
      // The demoted Owner's own requests are refused inside the transaction, whatever their page still shows.
      expect(await changeStaffRole(handle.db, owner, { userId: second.id, role: "editor" })).toMatchObject({ ok: false, reason: "not-owner" });
    });

    it("deactivating ends every session at once and sign-in is refused with a clear message; reactivating lets them back", async () => {
      const owner = await member("owner");
      const editor = await member("editor", "Eve Editor");
      const first = await signIn(editor.email);
      const second = await signIn(editor.email);
      if (!first.ok || !second.ok) throw new Error("sign-in failed");
      const cookies = [cookieFrom(first.headers), cookieFrom(second.headers)];
      const userFor = (cookie: string) => getSessionUser(new Request(`${TEST_SITE}/edit`, { headers: { cookie } }), contextFor(services));
      expect((await userFor(cookies[0]!))?.id).toBe(editor.id);

      expect(await deactivateStaff(handle.db, owner, editor.id)).toMatchObject({ ok: true, sessionsEnded: 2 });
      for (const cookie of cookies) expect(await userFor(cookie)).toBeNull();
      expect(await handle.db.select().from(authSession).where(eq(authSession.userId, editor.id))).toEqual([]);
      expect(await signIn(editor.email)).toEqual({ ok: false, status: 403, message: DEACTIVATED });
      // A wrong password still gets the usual answer: the message says nothing to someone who does not know it.
      expect(await signIn(editor.email, "not the password at all")).toMatchObject({ ok: false, status: 401 });
      expect((await listStaff(handle.db)).find((row) => row.id === editor.id)).toMatchObject({ active: false, sessions: 0 });
      expect(await deactivateStaff(handle.db, owner, editor.id)).toMatchObject({ ok: false, reason: "unchanged" });

      expect(await reactivateStaff(handle.db, owner, editor.id)).toMatchObject({ ok: true });
      expect((await signIn(editor.email)).ok).toBe(true);
      expect((await auditOf(editor.id)).map((row) => [row.action, row.changes.status])).toEqual(
        expect.arrayContaining([
          ["deactivated", { before: "Active", after: "Deactivated" }],
          ["reactivated", { before: "Deactivated", after: "Active" }],
        ]),
      );
    });

    /**
     * Runs two changes at the same moment. On PostgreSQL another connection holds the Owners' rows first and lets go
     * only once both changes wait on a lock, so both have started before either can finish: without the changes'
     * own SELECT … FOR UPDATE, both would read two Owners (their UPDATEs wait, then both go through). PGlite has one
     * connection, which runs the two transactions one after the other.
     */
    async function atTheSameMoment<T>(changes: (() => Promise<T>)[]): Promise<T[]> {
      if (handle.kind !== "postgres") return Promise.all(changes.map((change) => change()));
      const pool = handle.raw as pg.Pool;
      const blocker = await pool.connect();
      try {
        await blocker.query("begin");
        await blocker.query("select id from auth_user where role = 'owner' for update");
        const running = Promise.all(changes.map((change) => change()));
        for (let waited = 0; ; waited += 20) {
          // Asked on another connection: inside the blocker's transaction the activity view would stay as first read.
          const { rows } = await pool.query<{ waiting: number }>(
            "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          if (rows[0]!.waiting >= changes.length) break;
          if (waited > 10_000) throw new Error("the changes never waited for the Owners' rows");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await blocker.query("commit");
        return await running;
      } finally {
        blocker.release();
      }
    }

    // The race the row lock is for: without it both transactions read two Owners and both succeed.
    it("two Owners demoting themselves at the same moment: exactly one succeeds and one Owner remains", async () => {
      const a = await member("owner");
      const b = await member("owner");
      await onlyTheseOwners(a.id, b.id);
      const results = await atTheSameMoment([
        () => changeStaffRole(handle.db, a, { userId: a.id, role: "editor" }),
        () => changeStaffRole(handle.db, b, { userId: b.id, role: "editor" }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.find((result) => !result.ok)).toMatchObject({ reason: "last-owner" });
      expect([await roleOf(a.id), await roleOf(b.id)].filter((role) => role === "owner")).toHaveLength(1);
    });

    it("two Owners deactivating each other at the same moment: exactly one succeeds", async () => {
      const a = await member("owner");
      const b = await member("owner");
      await onlyTheseOwners(a.id, b.id);
      const results = await atTheSameMoment([() => deactivateStaff(handle.db, a, b.id), () => deactivateStaff(handle.db, b, a.id)]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.find((result) => !result.ok)).toMatchObject({ reason: "not-owner" });
      const active = await handle.db
        .select({ id: authUser.id })
        .from(authUser)
        .where(and(eq(authUser.role, "owner"), eq(authUser.banned, false)));
      expect(active).toHaveLength(1);
      // Only the change that happened is in the trail.
      expect((await auditOf(a.id)).length + (await auditOf(b.id)).length).toBe(1);
    });
  });
}
