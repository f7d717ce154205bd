import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { authUser, authVerification, emailOutbox } from "#app/db/schema";
import { cookieFrom } from "../../tests/setup/staff-sessions";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE, testEnv } from "../../tests/setup/test-services";
import type { AppServices } from "./app-services.server";
import { createStaffUser } from "./auth-admin.server";
import { signInStaff } from "./auth-sign-in.server";
import { getSessionUser } from "./auth.server";
import { composeMail } from "./mail/mail-kinds.server";
import type { MailMessage } from "./mail/message.server";
import { startOutboxWorker } from "./mail/outbox-worker.server";
import { PermanentMailError, type MailTransport } from "./mail/transport.server";
import { RESET_LINK_INVALID, requestPasswordReset, resetPasswordWithToken, resetTokenOwner } from "./password-reset.server";

const env = testEnv({ PASSWORD_RESET_MINUTES: "30" });

for (const kind of TEST_DATABASE_KINDS) {
  describe(`password reset by e-mail (${kind})`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    let ip = 0;

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle, { env }));
    });
    afterAll(async () => {
      await stop();
      await handle.close();
    });

    const ask = (email: string) => requestPasswordReset(services, { email, ip: `198.51.100.${++ip}`, headers: new Headers() });
    const mailsTo = (email: string) =>
      handle.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, "password-reset")));
    const signIn = (email: string, password: string) =>
      signInStaff(services, { email, password, clientAddress: "192.0.2.40", requestHeaders: new Headers() });

    it("queues a one-time link for active staff only, with the same answer for any address", async () => {
      await createStaffUser(services, { email: "reset-me@example.test", password: "the forgotten password", name: "Reset Me", role: "sales" });
      await services.auth.api.createUser({ body: { email: "visitor@example.test", password: "not a staff member", name: "Visitor", role: "user" } });
      const gone = await createStaffUser(services, { email: "gone@example.test", password: "a deactivated account", name: "Gone", role: "editor" });
      await handle.db.update(authUser).set({ banned: true }).where(eq(authUser.id, gone.id));

      for (const email of ["reset-me@example.test", "nobody@example.test", "visitor@example.test", "gone@example.test"])
        expect(await ask(email)).toEqual({ status: "accepted" });
      expect(await mailsTo("reset-me@example.test")).toHaveLength(1);
      for (const email of ["nobody@example.test", "visitor@example.test", "gone@example.test"]) expect(await mailsTo(email)).toHaveLength(0);

      // The e-mail carries the link; the database keeps only a hash of its token.
      const [row] = await mailsTo("reset-me@example.test");
      const message = composeMail({ env, settings: await services.settings.current(), outbox: row! });
      const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(message.text)?.[0];
      expect(link).toBeDefined();
      expect(message.html).toContain("Choose a new password");
      expect(message.text).toContain("works once, for 30 minutes");
      const token = new URL(link!).searchParams.get("token")!;
      expect(JSON.stringify(await handle.db.select().from(authVerification))).not.toContain(token);
      expect(await resetTokenOwner(services, token)).toBeTruthy();
    });

    it("keeps the link's token in the outbox only until the message is sent or has failed for good", async () => {
      const sent: MailMessage[] = [];
      const worker = (send: MailTransport["send"]) =>
        startOutboxWorker({
          db: handle.db,
          env,
          settings: () => services.settings.current(),
          transport: { name: "smtp", send },
          pollSeconds: 3600,
          logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
        });
      await createStaffUser(services, { email: "scrub@example.test", password: "an old long password", name: "Scrub", role: "editor" });
      await ask("scrub@example.test");
      const [queued] = await mailsTo("scrub@example.test");
      expect(queued!.payload.token).toEqual(expect.any(String));
      const delivering = worker(async (message) => void sent.push(message));
      await delivering.runOnce();
      expect(sent.map((message) => message.text).join("")).toContain(`token=${encodeURIComponent(String(queued!.payload.token))}`);
      // The worker's next pass (at most one poll later) clears it; the rest of the row stays for the record.
      await delivering.runOnce();
      await delivering.stop();
      const [settled] = await mailsTo("scrub@example.test");
      expect(settled!.sentAt).not.toBeNull();
      expect(settled!.payload).toEqual({ name: "Scrub" });

      await createStaffUser(services, { email: "bounce@example.test", password: "an old long password", name: "Bounce", role: "editor" });
      await ask("bounce@example.test");
      const refusing = worker(() => Promise.reject(new PermanentMailError("550 no such mailbox")));
      await refusing.runOnce();
      await refusing.runOnce();
      await refusing.stop();
      const [failed] = await mailsTo("bounce@example.test");
      expect(failed!.failedAt).not.toBeNull();
      expect(failed!.payload).toEqual({ name: "Bounce" });
    });

    it("does the same database work for an address that gets no message, and keeps none of it", async () => {
      const before = await handle.db.select().from(emailOutbox);
      expect(await ask("no-account@example.test")).toEqual({ status: "accepted" });
      expect(await handle.db.select().from(emailOutbox)).toEqual(before);
    });

    it("sets the new password once, ends every session, and the link then stops working", async () => {
      const member = await createStaffUser(services, { email: "once@example.test", password: "an old long password", name: "Once", role: "editor" });
      const before = await signIn(member.email, "an old long password");
      if (!before.ok) throw new Error("sign-in failed");
      const cookie = cookieFrom(before.headers);
      await ask(member.email);
      const [row] = await mailsTo(member.email);
      const token = String(row!.payload.token);

      expect(await resetPasswordWithToken(services, { token: `${token}x`, newPassword: "my fresh passphrase", ip: null })).toEqual({
        ok: false,
        message: RESET_LINK_INVALID,
      });
      expect(await resetPasswordWithToken(services, { token, newPassword: "my fresh passphrase", ip: null })).toEqual({ ok: true });
      expect(await getSessionUser(new Request(`${TEST_SITE}/edit`, { headers: { cookie } }), contextFor(services))).toBeNull();
      expect((await signIn(member.email, "an old long password")).ok).toBe(false);
      expect((await signIn(member.email, "my fresh passphrase")).ok).toBe(true);
      // Single use.
      expect(await resetPasswordWithToken(services, { token, newPassword: "someone else's try", ip: null })).toEqual({
        ok: false,
        message: RESET_LINK_INVALID,
      });
      expect((await signIn(member.email, "my fresh passphrase")).ok).toBe(true);
    });

    it("refuses an expired link", async () => {
      const member = await createStaffUser(services, { email: "late@example.test", password: "an old long password", name: "Late", role: "editor" });
      await ask(member.email);
      const [row] = await mailsTo(member.email);
      const token = String(row!.payload.token);
      await handle.db
        .update(authVerification)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(authVerification.value, member.id));
      expect(await resetTokenOwner(services, token)).toBeNull();
      expect(await resetPasswordWithToken(services, { token, newPassword: "too late for this", ip: null })).toEqual({
        ok: false,
        message: RESET_LINK_INVALID,
      });
      expect((await signIn(member.email, "an old long password")).ok).toBe(true);
    });

    it("limits requests per client address (429 with a wait) and per account (silently)", async () => {
      await createStaffUser(services, { email: "flood@example.test", password: "an old long password", name: "Flood", role: "editor" });
      const sameIp = (email: string) => requestPasswordReset(services, { email, ip: "203.0.113.99", headers: new Headers() });
      for (let index = 0; index < 3; index++) expect(await sameIp("flood@example.test")).toEqual({ status: "accepted" });
      // The fourth for this address is answered the same but sends nothing.
      expect(await sameIp("flood@example.test")).toEqual({ status: "accepted" });
      expect(await mailsTo("flood@example.test")).toHaveLength(3);
      expect(await sameIp("other@example.test")).toEqual({ status: "accepted" });
      expect(await sameIp("other@example.test")).toMatchObject({ status: "throttled" });
    });
  });
}
