import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { servicesContext } from "#app/db/context";
import { parseEnv } from "#app/env.server";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { AdminAccountError, createAdminUser } from "./auth-admin.server";
import { getAuth } from "./auth-instance.server";
import { consumeSetupToken, issueSetupLink, isSetupTokenValid } from "./auth-setup.server";
import { NOT_STAFF, signInStaff, WRONG_CREDENTIALS } from "./auth-sign-in.server";
import { SIGN_IN_WINDOW_MS } from "./auth-throttle.server";
import { assertSameOrigin, requireAdmin, requireAdminAction } from "./auth.server";

const SITE = "http://shop.test";
const env = parseEnv({ SITE_URL: SITE, NODE_ENV: "test" } as NodeJS.ProcessEnv);
const ADMIN = { email: "owner@example.test", password: "twelve chars ok", name: "Owner" };
const MEMBER = { email: "member@example.test", password: "a member password" };

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response, but the call returned");
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`auth (${kind})`, () => {
    let handle: DatabaseHandle;
    let adminCookie: string;
    let memberCookie: string;
    const contextFor = (clientIp = "198.51.100.7") => {
      const context = new RouterContextProvider();
      context.set(servicesContext, { db: handle.db, env, nonce: "", clientIp });
      return context;
    };
    const request = (path: string, init: RequestInit & { cookie?: string; accept?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.cookie) headers.set("cookie", init.cookie);
      headers.set("accept", init.accept ?? "text/html");
      return new Request(`${SITE}${path}`, { ...init, headers });
    };

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      await createAdminUser(handle.db, env, ADMIN);
      const auth = await getAuth(handle.db, env);
      await auth.api.createUser({ body: { ...MEMBER, name: "Member", role: "user" } });
      const signedIn = await signInStaff(handle.db, env, { ...ADMIN, clientAddress: "192.0.2.1", requestHeaders: new Headers() });
      if (!signedIn.ok) throw new Error("admin sign-in failed");
      adminCookie = signedIn.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
      const member = await auth.api.signInEmail({ body: MEMBER, headers: new Headers(), returnHeaders: true });
      memberCookie = member.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    });
    afterAll(() => handle.close());

    it("sets an HttpOnly, SameSite=Lax session cookie (Secure only behind HTTPS)", async () => {
      const signedIn = await signInStaff(handle.db, env, { ...ADMIN, clientAddress: "192.0.2.2", requestHeaders: new Headers() });
      if (!signedIn.ok) throw new Error("sign-in failed");
      const cookie = signedIn.headers.getSetCookie().find((value) => value.includes("session_token"));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);

      const httpsEnv = parseEnv({ SITE_URL: "https://shop.test", AUTH_SECRET: "x".repeat(40) } as NodeJS.ProcessEnv);
      const other = await openTestDatabase("pglite");
      try {
        await createAdminUser(other.db, httpsEnv, ADMIN);
        const secure = await signInStaff(other.db, httpsEnv, { ...ADMIN, clientAddress: "192.0.2.3", requestHeaders: new Headers() });
        if (!secure.ok) throw new Error("sign-in failed");
        expect(secure.headers.getSetCookie().find((value) => value.includes("session_token"))).toMatch(/__Secure-.*;.*Secure/i);
      } finally {
        await other.close();
      }
    });

    it("lets an admin session through and returns the user", async () => {
      const { user } = await requireAdmin(request("/edit", { cookie: adminCookie }), contextFor());
      expect(user).toMatchObject({ email: ADMIN.email, role: "admin" });
    });

    it("redirects a page request without a session to / and answers API calls 401", async () => {
      const page = await thrown(requireAdmin(request("/edit/content"), contextFor()));
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/");
      // The client router's data request for a navigation is treated like the page.
      const navigationData = await thrown(requireAdmin(request("/edit/content.data", { accept: "*/*" }), contextFor()));
      expect(navigationData.status).toBe(302);
      expect((await thrown(requireAdmin(request("/edit/api/content-blocks"), contextFor()))).status).toBe(401);
      expect((await thrown(requireAdmin(request("/edit/content", { accept: "application/json" }), contextFor()))).status).toBe(401);
      expect((await thrown(requireAdmin(request("/edit/content", { method: "POST", accept: "*/*" }), contextFor()))).status).toBe(401);
    });

    it("refuses a signed-in non-admin: 403 for API calls, home for pages", async () => {
      const api = await thrown(requireAdmin(request("/edit/api/content-blocks", { cookie: memberCookie }), contextFor()));
      expect(api.status).toBe(403);
      const page = await thrown(requireAdmin(request("/edit", { cookie: memberCookie }), contextFor()));
      expect(page.headers.get("location")).toBe("/");
    });

    it("refuses state-changing requests from a foreign Origin with 403, even with an admin session", async () => {
      const foreign = request("/edit/content", { method: "POST", cookie: adminCookie, headers: { origin: "https://evil.example" } });
      expect((await thrown(requireAdminAction(foreign, contextFor()))).status).toBe(403);
      const crossSite = request("/edit/content", { method: "POST", cookie: adminCookie, headers: { "sec-fetch-site": "cross-site" } });
      expect(() => assertSameOrigin(crossSite)).toThrow();
      const same = request("/edit/content", { method: "POST", cookie: adminCookie, headers: { origin: SITE } });
      await expect(requireAdminAction(same, contextFor())).resolves.toMatchObject({ user: { email: ADMIN.email } });
      // Reads are never refused for their origin.
      expect(() => assertSameOrigin(request("/edit", { headers: { origin: "https://evil.example" } }))).not.toThrow();
    });

    it("keeps no session for a valid non-admin login", async () => {
      const result = await signInStaff(handle.db, env, { ...MEMBER, clientAddress: "192.0.2.9", requestHeaders: new Headers() });
      expect(result).toEqual({ ok: false, status: 403, message: NOT_STAFF });
    });

    it("requires passwords of at least 12 characters and nothing else", async () => {
      await expect(createAdminUser(handle.db, env, { email: "short@example.test", password: "elevenchars" })).rejects.toThrow(AdminAccountError);
      await expect(createAdminUser(handle.db, env, { email: "short@example.test", password: "elevenchars" })).rejects.toThrow(
        "at least 12 characters",
      );
      await expect(createAdminUser(handle.db, env, { email: "plain@example.test", password: "aaaaaaaaaaaa" })).resolves.toMatchObject({
        email: "plain@example.test",
      });
      await expect(createAdminUser(handle.db, env, { email: "PLAIN@example.test", password: "another long one" })).rejects.toThrow("already exists");
    });

    it("throttles sign-in: after 10 failures in 3 minutes further tries are refused, then allowed again", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        const start = new Date("2030-01-01T10:00:00Z");
        vi.setSystemTime(start);
        const attempt = (password: string) =>
          signInStaff(handle.db, env, { email: ADMIN.email, password, clientAddress: "203.0.113.50", requestHeaders: new Headers() });
        for (let index = 0; index < 10; index++)
          expect(await attempt(`wrong password ${index}`)).toMatchObject({ ok: false, status: 401, message: WRONG_CREDENTIALS });
        // Even the right password is refused now.
        expect(await attempt(ADMIN.password)).toEqual({ ok: false, status: 429, message: "Too many attempts, try again in 3 minutes." });
        vi.setSystemTime(new Date(start.getTime() + 2 * 60_000 + 5_000));
        expect(await attempt(ADMIN.password)).toMatchObject({ status: 429, message: "Too many attempts, try again in 1 minute." });
        // Another address is not affected.
        expect((await signInStaff(handle.db, env, { ...ADMIN, clientAddress: "203.0.113.51", requestHeaders: new Headers() })).ok).toBe(true);
        vi.setSystemTime(new Date(start.getTime() + SIGN_IN_WINDOW_MS + 1_000));
        expect((await attempt(ADMIN.password)).ok).toBe(true);
        // Success cleared the counter: a single new failure is an ordinary failure.
        expect(await attempt("wrong again")).toMatchObject({ status: 401 });
      } finally {
        vi.useRealTimers();
      }
    });

    it("issues a set-up link only while no admin exists, and each token works once", async () => {
      expect(await issueSetupLink(handle.db, env)).toBeNull();
      const fresh = await openTestDatabase("pglite");
      try {
        const link = await issueSetupLink(fresh.db, env);
        expect(link).toMatch(new RegExp(`^${SITE}/setup\\?token=[\\w-]{40,}$`));
        const token = new URL(link!).searchParams.get("token")!;
        expect(await isSetupTokenValid(fresh.db, token)).toBe(true);
        expect(await isSetupTokenValid(fresh.db, `${token}x`)).toBe(false);
        expect(await consumeSetupToken(fresh.db, token)).toBe(true);
        expect(await consumeSetupToken(fresh.db, token)).toBe(false);
        expect(await isSetupTokenValid(fresh.db, token)).toBe(false);
        // A restart replaces the link: the old token stays dead, the new one works.
        const second = new URL((await issueSetupLink(fresh.db, env))!).searchParams.get("token")!;
        expect(await isSetupTokenValid(fresh.db, token)).toBe(false);
        expect(await isSetupTokenValid(fresh.db, second)).toBe(true);
        await createAdminUser(fresh.db, env, ADMIN);
        expect(await issueSetupLink(fresh.db, env)).toBeNull();
        expect(await isSetupTokenValid(fresh.db, second)).toBe(false);
      } finally {
        await fresh.close();
      }
    });
  });
}
