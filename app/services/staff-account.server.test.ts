import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { auditEvents, authSession } from "#app/db/schema";
import { cookieFrom } from "../../tests/setup/staff-sessions";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE, testEnv } from "../../tests/setup/test-services";
import type { AppServices } from "./app-services.server";
import { createStaffUser } from "./auth-admin.server";
import { signInStaff } from "./auth-sign-in.server";
import { getSessionUser } from "./auth.server";
import { changeOwnPassword, listAccountSessions, revokeOwnSession, signOutEverywhere } from "./staff-account.server";

const env = testEnv({ SESSION_MAX_HOURS: "12", SESSION_IDLE_MINUTES: "30" });

for (const kind of TEST_DATABASE_KINDS) {
  describe(`staff account: sessions and password (${kind})`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    let counter = 0;

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle, { env }));
    });
    afterAll(async () => {
      await stop();
      await handle.close();
    });

    /** A fresh member of staff of their own, so tests never share sessions. */
    async function newMember(password = "a long first password") {
      const email = `member-${++counter}@example.test`;
      const user = await createStaffUser(services, { email, password, name: `Member ${counter}`, role: "editor" });
      return { ...user, password };
    }
    async function signIn(email: string, password: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36") {
      const result = await signInStaff(services, {
        email,
        password,
        clientAddress: "192.0.2.10",
        requestHeaders: new Headers({ "user-agent": userAgent }),
      });
      if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
      return cookieFrom(result.headers);
    }
    const headersFor = (cookie: string) => new Headers({ cookie });
    const whoIs = (cookie: string) => getSessionUser(new Request(`${TEST_SITE}/edit`, { headers: { cookie } }), contextFor(services));

    it("ends a session after the idle timeout, and at the absolute lifetime however active it was", async () => {
      const member = await newMember();
      const idle = await signIn(member.email, member.password);
      const busy = await signIn(member.email, member.password);
      expect((await whoIs(idle))?.email).toBe(member.email);

      const sessions = await handle.db.select().from(authSession).where(eq(authSession.userId, member.id));
      expect(sessions).toHaveLength(2);
      // The expiry is fixed at sign-in (12 h) and does not slide.
      for (const session of sessions) expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBeLessThanOrEqual(12 * 3_600_000 + 5_000);

      // 31 minutes without use: gone for good.
      const [idleRow, busyRow] = await Promise.all(
        [idle, busy].map(async (cookie) => (await services.auth.api.getSession({ headers: headersFor(cookie) }))!.session),
      );
      await handle.db
        .update(authSession)
        .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
        .where(eq(authSession.id, idleRow!.id));
      expect(await whoIs(idle)).toBeNull();
      expect(await handle.db.select().from(authSession).where(eq(authSession.id, idleRow!.id))).toHaveLength(0);

      // Used a minute ago but signed in 13 hours ago: over the lifetime.
      await handle.db
        .update(authSession)
        .set({ createdAt: new Date(Date.now() - 13 * 3_600_000), updatedAt: new Date(Date.now() - 60_000) })
        .where(eq(authSession.id, busyRow!.id));
      expect(await whoIs(busy)).toBeNull();
    });

    it("records activity, so a session in use stays open past the idle timeout", async () => {
      const member = await newMember();
      const cookie = await signIn(member.email, member.password);
      const { session } = (await services.auth.api.getSession({ headers: headersFor(cookie) }))!;
      await handle.db
        .update(authSession)
        .set({ updatedAt: new Date(Date.now() - 20 * 60_000) })
        .where(eq(authSession.id, session.id));
      expect(await whoIs(cookie)).not.toBeNull();
      const [touched] = await handle.db.select().from(authSession).where(eq(authSession.id, session.id));
      expect(Date.now() - touched!.updatedAt.getTime()).toBeLessThan(10_000);
    });

    it("throttles guesses at the current password like sign-ins: 429 with Retry-After, even for the right one", async () => {
      const member = await newMember();
      const stolen = await signIn(member.email, member.password);
      const actor = { id: member.id, name: member.name, email: member.email };
      const guess = (currentPassword: string, ip = "203.0.113.61") =>
        changeOwnPassword(services, { headers: headersFor(stolen), actor, ip, currentPassword, newPassword: "the thief's own passphrase" });
      // Ten wrong guesses from one address in parallel (no race gets more checked), then the window is full.
      const wrong = await Promise.all(Array.from({ length: 12 }, (_, index) => guess(`wrong guess ${index}`)));
      expect(wrong.filter((answer) => !answer.ok && answer.message === "The current password is not right.")).toHaveLength(10);
      expect(wrong.filter((answer) => !answer.ok && answer.retryAfterSeconds)).toHaveLength(2);
      const right = await guess(member.password);
      expect(right).toMatchObject({
        ok: false,
        field: "currentPassword",
        message: expect.stringMatching(/^Too many attempts, try again in \d+ minutes?\.$/),
      });
      expect(!right.ok && right.retryAfterSeconds).toBeGreaterThan(0);
      // The password is unchanged, and another address (the member's own) is not held back.
      expect((await guess(member.password, "192.0.2.10")).ok).toBe(true);
    });

    it("changes the password only with the current one, ends every other session and keeps this one", async () => {
      const member = await newMember();
      const here = await signIn(member.email, member.password);
      const elsewhere = await signIn(member.email, member.password);
      const actor = { id: member.id, name: member.name, email: member.email };

      const refused = await changeOwnPassword(services, {
        headers: headersFor(here),
        actor,
        ip: "192.0.2.10",
        currentPassword: "not my password",
        newPassword: "a brand new passphrase",
      });
      expect(refused).toEqual({ ok: false, field: "currentPassword", message: "The current password is not right." });
      expect(await whoIs(elsewhere)).not.toBeNull();

      const changed = await changeOwnPassword(services, {
        headers: headersFor(here),
        actor,
        ip: "192.0.2.10",
        currentPassword: member.password,
        newPassword: "a brand new passphrase",
      });
      if (!changed.ok) throw new Error("the change was refused");
      // This browser gets a fresh session cookie; the other browser is signed out.
      const fresh = cookieFrom(changed.headers);
      expect((await whoIs(fresh))?.email).toBe(member.email);
      expect(await whoIs(elsewhere)).toBeNull();
      expect(await whoIs(here)).toBeNull();

      // The old password no longer signs in; the new one does.
      expect(
        (await signInStaff(services, { email: member.email, password: member.password, clientAddress: "192.0.2.11", requestHeaders: new Headers() }))
          .ok,
      ).toBe(false);
      expect(
        (
          await signInStaff(services, {
            email: member.email,
            password: "a brand new passphrase",
            clientAddress: "192.0.2.11",
            requestHeaders: new Headers(),
          })
        ).ok,
      ).toBe(true);
      const trail = await handle.db.select().from(auditEvents).where(eq(auditEvents.subjectId, member.id));
      expect(trail.map((row) => row.action)).toContain("password changed");
      // No secret in the trail.
      expect(JSON.stringify(trail)).not.toContain("brand new");
    });

    it("shows each session's address as the server resolved it, never an X-Forwarded-For the client wrote", async () => {
      const member = await newMember();
      const result = await signInStaff(services, {
        email: member.email,
        password: member.password,
        clientAddress: "192.0.2.44",
        requestHeaders: new Headers({ "x-forwarded-for": "6.6.6.6", "x-white-streams-client-address": "7.7.7.7" }),
      });
      if (!result.ok) throw new Error(result.message);
      const [session] = await listAccountSessions(services, headersFor(cookieFrom(result.headers)));
      expect(session!.ipAddress).toBe("192.0.2.44");
    });

    it("lists the member's own sessions without their tokens, revokes one, and signs out everywhere", async () => {
      const member = await newMember();
      const other = await newMember();
      const phone = await signIn(member.email, member.password, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1");
      const desk = await signIn(member.email, member.password);
      const stranger = await signIn(other.email, other.password);
      const actor = { id: member.id, name: member.name, email: member.email };

      const listed = await listAccountSessions(services, headersFor(desk));
      expect(listed).toHaveLength(2);
      expect(listed[0]).toMatchObject({ current: true });
      expect(JSON.stringify(listed)).not.toMatch(/token/i);
      const phoneSession = listed.find((session) => !session.current)!;
      expect(phoneSession.userAgent).toContain("iPhone");

      // Someone else's session id is not the member's to end.
      const strangerId = (await listAccountSessions(services, headersFor(stranger)))[0]!.id;
      expect(await revokeOwnSession(services, { headers: headersFor(desk), actor, ip: null, sessionId: strangerId })).toMatchObject({
        revoked: false,
      });
      expect(await whoIs(stranger)).not.toBeNull();

      expect(await revokeOwnSession(services, { headers: headersFor(desk), actor, ip: null, sessionId: phoneSession.id })).toMatchObject({
        revoked: true,
        wasCurrent: false,
      });
      expect(await whoIs(phone)).toBeNull();
      expect(await whoIs(desk)).not.toBeNull();

      const another = await signIn(member.email, member.password);
      const cleared = await signOutEverywhere(services, { headers: headersFor(desk), actor, ip: null });
      expect(cleared.getSetCookie().join(";")).toMatch(/session_token=;|Max-Age=0/);
      expect(await whoIs(desk)).toBeNull();
      expect(await whoIs(another)).toBeNull();
      expect(await whoIs(stranger)).not.toBeNull();
    });
  });
}
