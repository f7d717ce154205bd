import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { auditEvents, authUser, emailOutbox, staffInvitations } from "#app/db/schema";
import type { AppServices } from "#app/services/app-services.server";
import { createStaffUser } from "#app/services/auth-admin.server";
import { signInStaff } from "#app/services/auth-sign-in.server";
import { composeMail } from "#app/services/mail/mail-kinds.server";
import { hashPassword } from "#app/services/password-hash.server";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { createTestServices, testEnv } from "../../tests/setup/test-services";
import {
  acceptInvitation,
  findInvitation,
  INVITATION_MESSAGES,
  inviteStaff,
  listOpenInvitations,
  revokeInvitation,
} from "./staff-invitations.server";
import { changeStaffRole, deactivateStaff, type StaffActor } from "./staff.server";

const env = testEnv({ STAFF_INVITE_HOURS: "72" });
const HOUR = 3_600_000;

for (const kind of TEST_DATABASE_KINDS) {
  describe(`staff invitations on ${kind}`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    let owner: StaffActor;

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle, { env }));
      const made = await createStaffUser(services, {
        email: "olivia@example.test",
        password: "the owner's password",
        name: "Olivia Owner",
        role: "owner",
      });
      owner = { id: made.id, name: made.name, email: made.email };
    });
    afterAll(async () => {
      await stop();
      await handle.close();
    });

    const invite = (email: string, role: "owner" | "editor" | "sales" = "editor", now = new Date()) =>
      inviteStaff(handle.db, { actor: owner, email, role, lifetimeHours: env.STAFF_INVITE_HOURS }, now);
    async function tokenFor(email: string): Promise<string> {
      const rows = await handle.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, "staff-invitation")));
      return String(rows.at(-1)!.payload.token);
    }
    const accept = async (token: string, name = "New Member", password = "my own long passphrase", now = new Date()) =>
      acceptInvitation(handle.db, { token, name, passwordHash: await hashPassword(password) }, now);

    it("queues an e-mail with a one-time link that expires, keeps only the token's hash, and audits the invitation", async () => {
      const result = await invite("  Edith@Example.test ", "editor");
      expect(result).toMatchObject({ ok: true });
      const [mail] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, "edith@example.test"));
      const message = composeMail({ env, settings: await services.settings.current(), outbox: mail! });
      expect(message.subject).toContain("invitation");
      expect(message.text).toContain("Olivia Owner invites you to join the staff");
      expect(message.text).toContain("as Editor");
      expect(message.text).toContain("works once, for 3 days");
      const link = /https?:\/\/\S+\/accept-invitation\?token=\S+/.exec(message.text)?.[0];
      expect(link).toBeDefined();
      const token = new URL(link!).searchParams.get("token")!;
      expect(JSON.stringify(await handle.db.select().from(staffInvitations))).not.toContain(token);
      expect(await findInvitation(handle.db, token)).toMatchObject({
        ok: true,
        email: "edith@example.test",
        role: "editor",
        invitedBy: "Olivia Owner",
      });

      const [open] = await listOpenInvitations(handle.db);
      expect(open).toMatchObject({ email: "edith@example.test", role: "editor", expired: false });
      expect(Date.parse(open!.expiresAt) - Date.parse(open!.createdAt)).toBe(72 * HOUR);
      const [audit] = await handle.db.select().from(auditEvents).where(eq(auditEvents.subjectLabel, "edith@example.test"));
      expect(audit).toMatchObject({ actorId: owner.id, kind: "user", action: "invited", changes: { role: { before: null, after: "Editor" } } });
      expect(JSON.stringify(audit)).not.toContain(token);
    });

    it("accepting makes the account with the invited role; the link then works no more", async () => {
      await invite("sven@example.test", "sales");
      const token = await tokenFor("sven@example.test");
      const accepted = await accept(token, "Sven Sales", "sven's own long passphrase");
      expect(accepted).toMatchObject({ ok: true, user: { email: "sven@example.test", name: "Sven Sales", role: "sales" } });
      const signedIn = await signInStaff(services, {
        email: "sven@example.test",
        password: "sven's own long passphrase",
        clientAddress: "192.0.2.9",
        requestHeaders: new Headers(),
      });
      expect(signedIn.ok).toBe(true);

      expect(await accept(token)).toEqual({ ok: false, problem: "used" });
      expect(await findInvitation(handle.db, token)).toEqual({ ok: false, problem: "used" });
      expect((await listOpenInvitations(handle.db)).map((row) => row.email)).not.toContain("sven@example.test");
      const [audit] = await handle.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectLabel, "sven@example.test"), eq(auditEvents.action, "invitation accepted")));
      expect(audit).toMatchObject({ actorLabel: "Sven Sales <sven@example.test>", changes: { role: { before: null, after: "Sales" } } });
    });

    it("an expired, withdrawn or replaced link makes no account and says why", async () => {
      const then = new Date(Date.now() - 73 * HOUR);
      await invite("late@example.test", "editor", then);
      const late = await tokenFor("late@example.test");
      expect(await findInvitation(handle.db, late)).toEqual({ ok: false, problem: "expired" });
      expect(await accept(late)).toEqual({ ok: false, problem: "expired" });
      expect((await listOpenInvitations(handle.db)).find((row) => row.email === "late@example.test")).toMatchObject({ expired: true });

      // Sending again replaces the link: the old one stops working, the new one works.
      await invite("late@example.test", "editor");
      const fresh = await tokenFor("late@example.test");
      expect(fresh).not.toBe(late);
      expect(await findInvitation(handle.db, late)).toEqual({ ok: false, problem: "unknown" });
      expect(await findInvitation(handle.db, fresh)).toMatchObject({ ok: true });

      const [open] = (await listOpenInvitations(handle.db)).filter((row) => row.email === "late@example.test");
      expect(await revokeInvitation(handle.db, owner, open!.id)).toEqual({ ok: true, email: "late@example.test" });
      expect(await accept(fresh)).toEqual({ ok: false, problem: "unknown" });
      expect(await revokeInvitation(handle.db, owner, open!.id)).toEqual({ ok: false, message: INVITATION_MESSAGES.notOpen });
      expect(await handle.db.select().from(authUser).where(eq(authUser.email, "late@example.test"))).toEqual([]);
      expect(await findInvitation(handle.db, "made-up-token")).toEqual({ ok: false, problem: "unknown" });
    });

    it("an invitation holds only while its sender is an active Owner: deactivating or demoting them withdraws it", async () => {
      const made = async (email: string) => {
        const user = await createStaffUser(services, { email, password: "another owner's password", name: email.split("@")[0]!, role: "owner" });
        return { id: user.id, name: user.name, email: user.email };
      };
      const sentBy = async (sender: StaffActor, email: string) => {
        const sent = await inviteStaff(handle.db, { actor: sender, email, role: "owner", lifetimeHours: env.STAFF_INVITE_HOURS });
        if (!sent.ok) throw new Error(sent.message);
        return tokenFor(email);
      };
      const isOpen = async (email: string) => (await listOpenInvitations(handle.db)).some((row) => row.email === email);

      const leaving = await made("leaving-owner@example.test");
      const fromLeaving = await sentBy(leaving, "mallory@example.test");
      const kept = await sentBy(owner, "kept@example.test");
      expect(await deactivateStaff(handle.db, owner, leaving.id)).toMatchObject({ ok: true });
      expect(await isOpen("mallory@example.test")).toBe(false);
      expect(await accept(fromLeaving)).toEqual({ ok: false, problem: "unknown" });
      const [audit] = await handle.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, leaving.id), eq(auditEvents.action, "deactivated")));
      expect(audit!.changes["open invitations"]).toEqual({ before: "mallory@example.test", after: "withdrawn" });
      // Another Owner's invitation is untouched.
      expect(await isOpen("kept@example.test")).toBe(true);

      const demoted = await made("demoted-owner@example.test");
      const fromDemoted = await sentBy(demoted, "eve@example.test");
      expect(await changeStaffRole(handle.db, owner, { userId: demoted.id, role: "editor" })).toMatchObject({ ok: true });
      expect(await isOpen("eve@example.test")).toBe(false);
      expect(await accept(fromDemoted)).toEqual({ ok: false, problem: "unknown" });

      // However the sender stopped being an active Owner (here, the account changed directly), the link is checked when used.
      const other = await made("other-owner@example.test");
      const fromOther = await sentBy(other, "trent@example.test");
      await handle.db.update(authUser).set({ banned: true }).where(eq(authUser.id, other.id));
      expect(await accept(fromOther)).toEqual({ ok: false, problem: "unknown" });
      expect(await handle.db.select().from(authUser).where(eq(authUser.email, "trent@example.test"))).toEqual([]);
      expect((await accept(kept)).ok).toBe(true);
    });

    it("refuses to invite an address that already has an account", async () => {
      expect(await invite("olivia@example.test")).toEqual({
        ok: false,
        field: "email",
        message: INVITATION_MESSAGES.hasAccount("olivia@example.test"),
      });
      const gone = await createStaffUser(services, { email: "gone@example.test", password: "a deactivated account", name: "Gone", role: "editor" });
      await handle.db.update(authUser).set({ banned: true }).where(eq(authUser.id, gone.id));
      expect(await invite("gone@example.test")).toMatchObject({ ok: false, message: INVITATION_MESSAGES.hasDeactivatedAccount("gone@example.test") });
    });

    it("one link submitted twice at the same moment makes one account", async () => {
      await invite("twice@example.test", "editor");
      const token = await tokenFor("twice@example.test");
      const results = await Promise.all([accept(token, "First"), accept(token, "Second")]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await handle.db.select().from(authUser).where(eq(authUser.email, "twice@example.test"))).toHaveLength(1);
    });
  });
}
