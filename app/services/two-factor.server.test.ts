import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { auditEvents, authSession, authUser } from "#app/db/schema";
import { cookieFrom } from "../../tests/setup/staff-sessions";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE, testEnv } from "../../tests/setup/test-services";
import { secretFromUri, totpCode, wrongCode } from "../../tests/setup/totp";
import type { AppServices } from "./app-services.server";
import { createStaffUser } from "./auth-admin.server";
import { CHALLENGE_ENDED, CODE_USED, TOO_MANY_CODES, verifySignInCode, WRONG_CODE, WRONG_RECOVERY_CODE } from "./auth-sign-in-code.server";
import { NOT_STAFF, signInStaff } from "./auth-sign-in.server";
import { getSessionUser } from "./auth.server";
import { logger } from "./logger.server";
import {
  confirmTwoFactorSetup,
  makeNewRecoveryCodes,
  startTwoFactorSetup,
  turnOffTwoFactor,
  turnOffTwoFactorByOperator,
  twoFactorStatus,
} from "./two-factor.server";

const env = testEnv();

for (const kind of TEST_DATABASE_KINDS) {
  describe(`two-factor sign-in (${kind})`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    let counter = 0;
    let addressCounter = 0;
    const spies: { mock: { calls: unknown[][] } }[] = [];
    const logged = () => spies.flatMap((spy) => spy.mock.calls.map((call) => JSON.stringify(call))).join("\n");

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle, { env }));
      // Observe (not replace) the logger, to prove no code or secret is ever written.
      for (const level of ["info", "warn", "error", "debug"] as const) spies.push(vi.spyOn(logger, level));
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    afterAll(async () => {
      vi.restoreAllMocks();
      await stop();
      await handle.close();
    });

    const freshAddress = () => `198.51.100.${++addressCounter}`;
    const whoIs = (cookie: string) => getSessionUser(new Request(`${TEST_SITE}/edit`, { headers: { cookie } }), contextFor(services));

    async function signIn(email: string, password: string, clientAddress = freshAddress()) {
      return signInStaff(services, { email, password, clientAddress, requestHeaders: new Headers() });
    }
    async function sessionFor(email: string, password: string) {
      const result = await signIn(email, password);
      if (!result.ok || result.twoFactor) throw new Error("expected a session straight away");
      return cookieFrom(result.headers);
    }
    /** A member of staff of their own, signed in, with two-factor sign-in set up and on. */
    async function memberWithTwoFactor() {
      const email = `member-${++counter}@example.test`;
      const password = "a long first password";
      const actor = await createStaffUser(services, { email, password, name: `Member ${counter}`, role: "editor" });
      const cookie = await sessionFor(email, password);
      const call = { headers: new Headers({ cookie }), actor, ip: "192.0.2.50" };
      const started = await startTwoFactorSetup(services, { ...call, password });
      if (!started.ok) throw new Error(started.message);
      const secret = secretFromUri(started.setup.totpUri);
      const confirmed = await confirmTwoFactorSetup(services, { ...call, code: totpCode(secret) });
      if (!confirmed.ok) throw new Error(confirmed.message);
      return { actor, email, password, secret, recoveryCodes: confirmed.recoveryCodes, cookie: cookieFrom(confirmed.headers) };
    }
    /** The password step of a sign-in for an account with two-factor on: returns the challenge cookie. */
    async function challengeFor(email: string, password: string, clientAddress = freshAddress()) {
      const result = await signIn(email, password, clientAddress);
      if (!result.ok || !result.twoFactor) throw new Error("expected the two-factor step");
      return new Headers({ cookie: cookieFrom(result.headers) });
    }

    it("turns on only after the password and one valid code from the app, then shows ten recovery codes once", async () => {
      const email = `setup-${++counter}@example.test`;
      const password = "a long first password";
      const actor = await createStaffUser(services, { email, password, name: "Setup", role: "sales" });
      const call = { headers: new Headers({ cookie: await sessionFor(email, password) }), actor, ip: "192.0.2.51" };

      expect(await startTwoFactorSetup(services, { ...call, password: "not my password" })).toEqual({
        ok: false,
        message: "The password is not right.",
      });
      const started = await startTwoFactorSetup(services, { ...call, password });
      if (!started.ok) throw new Error(started.message);
      expect(started.setup.totpUri).toMatch(/^otpauth:\/\/totp\/White%20Streams:setup-\d+%40example\.test\?secret=[A-Z2-7]+&issuer=White\+Streams/);
      expect(started.setup.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
      const secret = secretFromUri(started.setup.totpUri);
      expect(started.setup.secret).toBe(secret);

      // Not yet confirmed: sign-in still needs the password only, and the account page says it is off.
      const before = await signIn(email, password);
      expect(before.ok && before.twoFactor).toBe(false);
      expect(await twoFactorStatus(services, actor.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

      const wrong = await confirmTwoFactorSetup(services, { ...call, code: wrongCode(secret) });
      expect(wrong).toMatchObject({ ok: false, expired: false });
      expect(await twoFactorStatus(services, actor.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

      const confirmed = await confirmTwoFactorSetup(services, { ...call, code: totpCode(secret) });
      if (!confirmed.ok) throw new Error(confirmed.message);
      expect(confirmed.recoveryCodes).toHaveLength(10);
      for (const code of confirmed.recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
      expect(await twoFactorStatus(services, actor.id)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
      // The plugin renewed the session: the browser keeps working with the new cookie.
      expect((await whoIs(cookieFrom(confirmed.headers)))?.email).toBe(email);
      // Confirming again proves nothing new.
      expect(
        await confirmTwoFactorSetup(services, { ...call, headers: new Headers({ cookie: cookieFrom(confirmed.headers) }), code: totpCode(secret) }),
      ).toMatchObject({
        ok: false,
        expired: true,
      });

      const trail = await handle.db.select().from(auditEvents).where(eq(auditEvents.subjectId, actor.id));
      expect(trail.map((row) => row.action)).toEqual(["two-factor sign-in turned on"]);
      const everything = logged();
      expect(everything).not.toContain(secret);
      for (const code of confirmed.recoveryCodes) expect(everything).not.toContain(code);
      expect(everything).toContain('"change":"turned on"');
    });

    it("asks for the code after the password, and keeps a session only once the code is right", async () => {
      const member = await memberWithTwoFactor();
      const address = freshAddress();
      const challenge = await challengeFor(member.email, member.password, address);
      // The password alone gives no session.
      expect(await whoIs(challenge.get("cookie")!)).toBeNull();

      const wrong = await verifySignInCode(services, {
        method: "totp",
        code: wrongCode(member.secret),
        clientAddress: address,
        requestHeaders: challenge,
      });
      expect(wrong).toMatchObject({ ok: false, status: 401, message: WRONG_CODE, restart: false });

      const right = await verifySignInCode(services, {
        method: "totp",
        code: totpCode(member.secret),
        clientAddress: address,
        requestHeaders: challenge,
      });
      if (!right.ok) throw new Error(right.message);
      expect((await whoIs(cookieFrom(right.headers)))?.email).toBe(member.email);
      // The challenge is used up.
      const again = await verifySignInCode(services, {
        method: "totp",
        code: totpCode(member.secret),
        clientAddress: address,
        requestHeaders: challenge,
      });
      expect(again).toMatchObject({ ok: false, message: CHALLENGE_ENDED, restart: true });
      // Without any challenge (no password step), a code is worth nothing.
      const bare = await verifySignInCode(services, {
        method: "totp",
        code: totpCode(member.secret),
        clientAddress: address,
        requestHeaders: new Headers(),
      });
      expect(bare).toMatchObject({ ok: false, message: CHALLENGE_ENDED, restart: true });
    });

    it("counts wrong codes in the address's sign-in limit: five end the challenge, and a full window refuses even the right code", async () => {
      const member = await memberWithTwoFactor();
      const address = freshAddress();
      const attempt = (challenge: Headers, code: string) =>
        verifySignInCode(services, { method: "totp", code, clientAddress: address, requestHeaders: challenge });

      const first = await challengeFor(member.email, member.password, address);
      for (let i = 0; i < 5; i++) expect(await attempt(first, wrongCode(member.secret))).toMatchObject({ status: 401, message: WRONG_CODE });
      // better-auth gives up on this challenge: the right code no longer helps, the password must be given again.
      const used = await attempt(first, totpCode(member.secret));
      expect(used).toMatchObject({ ok: false, message: TOO_MANY_CODES, restart: true });
      if (used.ok || used.status === 429) throw new Error("expected a restart");
      expect(used.headers?.getSetCookie().some((cookie) => /two_factor=;/.test(cookie) || /two_factor=.*Max-Age=0/.test(cookie))).toBe(true);

      // Six tries kept their places; the second challenge has four more before the address window (10) is full.
      const second = await challengeFor(member.email, member.password, address);
      for (let i = 0; i < 4; i++) expect(await attempt(second, wrongCode(member.secret))).toMatchObject({ status: 401 });
      const refused = await attempt(second, totpCode(member.secret));
      expect(refused).toMatchObject({ ok: false, status: 429, message: expect.stringMatching(/^Too many attempts, try again in 15 minutes\.$/) });
      if (refused.ok || refused.status !== 429) throw new Error("expected 429");
      expect(refused.retryAfterSeconds).toBeGreaterThan(800);
      // The password step from that address is held back too, but another address is not.
      expect(await signIn(member.email, member.password, address)).toMatchObject({ ok: false, status: 429 });
      const elsewhere = await challengeFor(member.email, member.password);
      expect(
        await verifySignInCode(services, { method: "totp", code: totpCode(member.secret), clientAddress: "203.0.113.9", requestHeaders: elsewhere }),
      ).toMatchObject({ ok: true });
    });

    it("locks the account's second step after ten wrong codes in a row, whichever addresses they came from", async () => {
      const member = await memberWithTwoFactor();
      for (let round = 0; round < 2; round++) {
        const address = freshAddress();
        const challenge = await challengeFor(member.email, member.password, address);
        for (let i = 0; i < 5; i++) {
          const result = await verifySignInCode(services, {
            method: "totp",
            code: wrongCode(member.secret),
            clientAddress: address,
            requestHeaders: challenge,
          });
          expect(result).toMatchObject({ ok: false, status: 401 });
        }
      }
      const address = freshAddress();
      const challenge = await challengeFor(member.email, member.password, address);
      const locked = await verifySignInCode(services, {
        method: "totp",
        code: totpCode(member.secret),
        clientAddress: address,
        requestHeaders: challenge,
      });
      expect(locked).toMatchObject({ ok: false, status: 429 });
    });

    it("accepts a code from the app once only: the same code on a second sign-in is refused and opens no session", async () => {
      const member = await memberWithTwoFactor();
      // Two password steps (two browsers, or the member and someone who saw the code), each with its own challenge.
      const [mine, theirs] = [await challengeFor(member.email, member.password), await challengeFor(member.email, member.password)];
      const code = totpCode(member.secret);
      const sessions = async () => (await handle.db.select().from(authSession).where(eq(authSession.userId, member.actor.id))).length;
      const before = await sessions();
      const use = (challenge: Headers) =>
        verifySignInCode(services, { method: "totp", code, clientAddress: freshAddress(), requestHeaders: challenge });
      const [first, second] = await Promise.all([use(mine), use(theirs)]);
      const [accepted, refused] = first.ok ? [first, second] : [second, first];
      if (!accepted.ok) throw new Error(accepted.message);
      expect((await whoIs(cookieFrom(accepted.headers)))?.email).toBe(member.email);
      expect(refused).toMatchObject({ ok: false, status: 401, message: CODE_USED, restart: true });
      // Both codes passed the plugin, which opened a session for each; the refused one is ended at once.
      expect(await sessions()).toBe(before + 1);
      expect(logged()).toContain("code used already");
      expect(logged()).not.toContain(code);
    });

    it("accepts each recovery code once only", async () => {
      const member = await memberWithTwoFactor();
      const [first, second] = member.recoveryCodes as [string, string];
      const address = freshAddress();
      const use = async (code: string) =>
        verifySignInCode(services, {
          method: "recovery",
          code,
          clientAddress: address,
          requestHeaders: await challengeFor(member.email, member.password, address),
        });

      const ok = await use(first);
      if (!ok.ok) throw new Error(ok.message);
      expect((await whoIs(cookieFrom(ok.headers)))?.email).toBe(member.email);
      expect(await use(first)).toMatchObject({ ok: false, status: 401, message: WRONG_RECOVERY_CODE });
      expect(await use(second)).toMatchObject({ ok: true });
      expect(await twoFactorStatus(services, member.actor.id)).toEqual({ enabled: true, recoveryCodesLeft: 8 });
    });

    it("keeps the session only for staff: a non-staff account with two-factor is signed out after the code", async () => {
      const member = await memberWithTwoFactor();
      // The account stops being staff (an Owner changed its role) between setting up and signing in.
      await handle.db.update(authUser).set({ role: "user" }).where(eq(authUser.id, member.actor.id));
      const address = freshAddress();
      const challenge = await challengeFor(member.email, member.password, address);
      const refused = await verifySignInCode(services, {
        method: "totp",
        code: totpCode(member.secret),
        clientAddress: address,
        requestHeaders: challenge,
      });
      expect(refused).toMatchObject({ ok: false, status: 403, message: NOT_STAFF });
    });

    it("turns off only with the password, and then sign-in needs the password alone", async () => {
      const member = await memberWithTwoFactor();
      const call = { headers: new Headers({ cookie: member.cookie }), actor: member.actor, ip: "192.0.2.52" };
      expect(await turnOffTwoFactor(services, { ...call, password: "not my password" })).toEqual({
        ok: false,
        message: "The password is not right.",
      });
      expect((await twoFactorStatus(services, member.actor.id)).enabled).toBe(true);

      const off = await turnOffTwoFactor(services, { ...call, password: member.password });
      if (!off.ok) throw new Error(off.message);
      expect((await whoIs(cookieFrom(off.headers)))?.email).toBe(member.email);
      expect(await twoFactorStatus(services, member.actor.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
      expect(await signIn(member.email, member.password)).toMatchObject({ ok: true, twoFactor: false });

      const trail = await handle.db.select().from(auditEvents).where(eq(auditEvents.subjectId, member.actor.id));
      expect(trail.map((row) => row.action).sort()).toEqual(["two-factor sign-in turned off", "two-factor sign-in turned on"]);
    });

    it("makes new recovery codes only with the password; the old ones stop working", async () => {
      const member = await memberWithTwoFactor();
      const call = { headers: new Headers({ cookie: member.cookie }), actor: member.actor, ip: "192.0.2.53" };
      expect(await makeNewRecoveryCodes(services, { ...call, password: "not my password" })).toEqual({
        ok: false,
        message: "The password is not right.",
      });
      const made = await makeNewRecoveryCodes(services, { ...call, password: member.password });
      if (!made.ok) throw new Error(made.message);
      expect(made.recoveryCodes).toHaveLength(10);
      expect(made.recoveryCodes).not.toContain(member.recoveryCodes[0]);

      const address = freshAddress();
      const old = await verifySignInCode(services, {
        method: "recovery",
        code: member.recoveryCodes[0]!,
        clientAddress: address,
        requestHeaders: await challengeFor(member.email, member.password, address),
      });
      expect(old).toMatchObject({ ok: false, message: WRONG_RECOVERY_CODE });
      const fresh = await verifySignInCode(services, {
        method: "recovery",
        code: made.recoveryCodes[0]!,
        clientAddress: address,
        requestHeaders: await challengeFor(member.email, member.password, address),
      });
      expect(fresh).toMatchObject({ ok: true });
      const trail = await handle.db.select().from(auditEvents).where(eq(auditEvents.subjectId, member.actor.id));
      expect(trail.map((row) => row.action)).toContain("new recovery codes made");
      for (const code of made.recoveryCodes) expect(logged()).not.toContain(code);
    });

    it("lets an operator turn it off for a member who lost phone and codes; the password alone then signs in", async () => {
      const member = await memberWithTwoFactor();
      expect(await turnOffTwoFactorByOperator(handle.db, "nobody@example.test")).toBeNull();
      expect(await turnOffTwoFactorByOperator(handle.db, member.email.toUpperCase())).toMatchObject({ id: member.actor.id, wasOn: true });
      expect(await twoFactorStatus(services, member.actor.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
      expect(await signIn(member.email, member.password)).toMatchObject({ ok: true, twoFactor: false });
      expect(await turnOffTwoFactorByOperator(handle.db, member.email)).toMatchObject({ wasOn: false });
      const trail = await handle.db.select().from(auditEvents).where(eq(auditEvents.subjectId, member.actor.id));
      expect(trail.map((row) => row.action)).toEqual(["two-factor sign-in turned on", "two-factor sign-in turned off by an operator"]);
    });
  });
}
