import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { authUser } from "#app/db/schema";
import type { DatabaseHandle } from "#app/db/client.server";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { cookieFrom, sessionCookieFor } from "../../tests/setup/staff-sessions";
import { contextFor as contextWith, createTestServices, TEST_SITE as SITE, testEnv } from "../../tests/setup/test-services";
import type { AppServices } from "./app-services.server";
import { createStaffUser, ownerExists, promoteToOwner, StaffAccountError } from "./auth-admin.server";
import { consumeSetupToken, issueSetupLink, isSetupTokenValid } from "./auth-setup.server";
import { NOT_STAFF, signInStaff } from "./auth-sign-in.server";
import { assertSameOrigin, requireStaff, requireStaffAction } from "./auth.server";
import { logger } from "./logger.server";

const env = testEnv();
const ADMIN = { email: "owner@example.test", password: "twelve chars ok", name: "Owner" };
const MEMBER = { email: "member@example.test", password: "a member password" };

/** The refusal a guard threw: a Response, or React Router's data() for pages shown inside the admin shell. */
async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    if (error && typeof error === "object" && "init" in error && "data" in error) {
      const { data, init } = error as { data: unknown; init: ResponseInit };
      return Response.json(data, init);
    }
    throw error;
  }
  throw new Error("expected a thrown Response, but the call returned");
}

for (const kind of TEST_DATABASE_KINDS) {
  describe(`auth (${kind})`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    let adminCookie: string;
    let memberCookie: string;
    let editorCookie: string;
    let salesCookie: string;
    const contextFor = (clientIp = "198.51.100.7") => contextWith(services, { clientIp });
    const request = (path: string, init: RequestInit & { cookie?: string; accept?: string } = {}) => {
      const headers = new Headers(init.headers);
      if (init.cookie) headers.set("cookie", init.cookie);
      headers.set("accept", init.accept ?? "text/html");
      return new Request(`${SITE}${path}`, { ...init, headers });
    };

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle, { env }));
      await createStaffUser(services, ADMIN);
      const signedIn = await signInStaff(services, { ...ADMIN, clientAddress: "192.0.2.1", requestHeaders: new Headers() });
      if (!signedIn.ok) throw new Error("admin sign-in failed");
      adminCookie = cookieFrom(signedIn.headers);
      memberCookie = await sessionCookieFor(services, { ...MEMBER, role: "user" });
      editorCookie = await sessionCookieFor(services, { email: "editor@example.test", role: "editor" });
      salesCookie = await sessionCookieFor(services, { email: "sales@example.test", role: "sales" });
    });
    afterAll(async () => {
      await stop();
      await handle.close();
    });

    it("sets an HttpOnly, SameSite=Lax session cookie (Secure only behind HTTPS)", async () => {
      const signedIn = await signInStaff(services, { ...ADMIN, clientAddress: "192.0.2.2", requestHeaders: new Headers() });
      if (!signedIn.ok) throw new Error("sign-in failed");
      const cookie = signedIn.headers.getSetCookie().find((value) => value.includes("session_token"));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);

      const httpsEnv = testEnv({ SITE_URL: "https://shop.test", AUTH_SECRET: "x".repeat(40) });
      const other = await openTestDatabase("pglite");
      const secureServices = await createTestServices(other, { env: httpsEnv });
      try {
        await createStaffUser(secureServices.services, ADMIN);
        const secure = await signInStaff(secureServices.services, { ...ADMIN, clientAddress: "192.0.2.3", requestHeaders: new Headers() });
        if (!secure.ok) throw new Error("sign-in failed");
        expect(secure.headers.getSetCookie().find((value) => value.includes("session_token"))).toMatch(
          /^__Host-better-auth\.session_token=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
        );
      } finally {
        await secureServices.stop();
        await other.close();
      }
    });

    it("lets an Owner session through and returns the user", async () => {
      const { user } = await requireStaff(request("/edit", { cookie: adminCookie }), contextFor(), "dashboard");
      expect(user).toMatchObject({ email: ADMIN.email, role: "owner" });
    });

    it("opens each area only to the roles that hold it: 403 inside the admin for the others", async () => {
      expect((await requireStaff(request("/edit/content", { cookie: editorCookie }), contextFor(), "content")).user.role).toBe("editor");
      expect((await requireStaff(request("/edit/enquiries", { cookie: salesCookie }), contextFor(), "enquiries")).user.role).toBe("sales");
      const page = await thrown(requireStaff(request("/edit/enquiries", { cookie: editorCookie }), contextFor(), "enquiries"));
      expect(page.status).toBe(403);
      const api = await thrown(requireStaff(request("/edit/api/media", { cookie: salesCookie }), contextFor(), "media"));
      expect(api.status).toBe(403);
      expect(await api.json()).toEqual({ error: "Your role (Sales) does not give access to this part of the admin area." });
    });

    it("redirects a page request without a session to / and answers API calls 401", async () => {
      const page = await thrown(requireStaff(request("/edit/content"), contextFor(), "content"));
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/");
      // The client router's data request for a navigation is treated like the page.
      const navigationData = await thrown(requireStaff(request("/edit/content.data", { accept: "*/*" }), contextFor(), "content"));
      expect(navigationData.status).toBe(302);
      expect((await thrown(requireStaff(request("/edit/api/content-blocks"), contextFor(), "content"))).status).toBe(401);
      expect((await thrown(requireStaff(request("/edit/content", { accept: "application/json" }), contextFor(), "content"))).status).toBe(401);
      expect((await thrown(requireStaff(request("/edit/content", { method: "POST", accept: "*/*" }), contextFor(), "content"))).status).toBe(401);
    });

    it("treats a signed-in account without a staff role as signed out", async () => {
      const api = await thrown(requireStaff(request("/edit/api/content-blocks", { cookie: memberCookie }), contextFor(), "content"));
      expect(api.status).toBe(401);
      const page = await thrown(requireStaff(request("/edit", { cookie: memberCookie }), contextFor(), "content"));
      expect(page.headers.get("location")).toBe("/");
    });

    it("refuses state-changing requests from a foreign Origin with 403, even with an admin session", async () => {
      const foreign = request("/edit/content", { method: "POST", cookie: adminCookie, headers: { origin: "https://evil.example" } });
      expect((await thrown(requireStaffAction(foreign, contextFor(), "content"))).status).toBe(403);
      const crossSite = request("/edit/content", { method: "POST", cookie: adminCookie, headers: { "sec-fetch-site": "cross-site" } });
      expect((await thrown(assertSameOrigin(crossSite, contextFor()))).status).toBe(403);
      const same = request("/edit/content", { method: "POST", cookie: adminCookie, headers: { origin: SITE } });
      await expect(requireStaffAction(same, contextFor(), "content")).resolves.toMatchObject({ user: { email: ADMIN.email } });
      // Reads are never refused for their origin.
      await expect(assertSameOrigin(request("/edit", { headers: { origin: "https://evil.example" } }), contextFor())).resolves.toBeUndefined();
    });

    it("logs a refused origin with the client's address and the session's member of staff", async () => {
      const warn = vi.spyOn(logger, "warn");
      try {
        const foreign = request("/edit/content", { method: "POST", cookie: adminCookie, headers: { origin: "https://evil.example" } });
        await thrown(requireStaffAction(foreign, contextFor("203.0.113.44"), "content"));
        const anonymous = request("/sign-in", { method: "POST", headers: { origin: "https://evil.example" } });
        await thrown(assertSameOrigin(anonymous, contextFor("::ffff:203.0.113.45")));
        const events = warn.mock.calls.map(([fields]) => fields as Record<string, unknown>).filter((fields) => fields.security === "origin-refused");
        expect(events).toEqual([
          expect.objectContaining({
            outcome: "refused",
            actor: ADMIN.email,
            ip: "203.0.113.44",
            origin: "https://evil.example",
            path: "/edit/content",
          }),
          expect.objectContaining({ outcome: "refused", actor: "anonymous", ip: "203.0.113.45", path: "/sign-in" }),
        ]);
      } finally {
        warn.mockRestore();
      }
    });

    it("keeps no session for a valid non-admin login", async () => {
      const result = await signInStaff(services, { ...MEMBER, clientAddress: "192.0.2.9", requestHeaders: new Headers() });
      expect(result).toEqual({ ok: false, status: 403, message: NOT_STAFF });
    });

    it("requires passwords of at least 12 characters and refuses a second account for one address", async () => {
      await expect(createStaffUser(services, { email: "short@example.test", password: "elevenchars" })).rejects.toThrow(StaffAccountError);
      await expect(createStaffUser(services, { email: "short@example.test", password: "elevenchars" })).rejects.toThrow("at least 12 characters");
      // The shared policy (domain/password-policy.ts): common passwords are refused, long Unicode ones kept whole.
      await expect(createStaffUser(services, { email: "common@example.test", password: "password1234" })).rejects.toThrow("most common");
      await expect(createStaffUser(services, { email: "common@example.test", password: "aaaaaaaaaaaa" })).rejects.toThrow("most common");
      const long = `pässwörd-ünicode-✓ ${"ocean swell ".repeat(6)}`;
      await createStaffUser(services, { email: "long@example.test", password: long, role: "editor" });
      expect(
        (await signInStaff(services, { email: "long@example.test", password: long, clientAddress: "192.0.2.40", requestHeaders: new Headers() })).ok,
      ).toBe(true);
      const cut = long.slice(0, 72);
      expect(
        await signInStaff(services, { email: "long@example.test", password: cut, clientAddress: "192.0.2.40", requestHeaders: new Headers() }),
      ).toMatchObject({ status: 401 });
      await expect(createStaffUser(services, { email: "plain@example.test", password: "a plain long one" })).resolves.toMatchObject({
        email: "plain@example.test",
      });
      await expect(createStaffUser(services, { email: "PLAIN@example.test", password: "another long one" })).rejects.toThrow("already exists");
    });

    it("promotes an existing account to Owner without touching its password", async () => {
      expect(await promoteToOwner(handle.db, "nobody@example.test")).toBeNull();
      expect(await promoteToOwner(handle.db, " EDITOR@example.test ")).toMatchObject({ previousRole: "editor" });
      const { user } = await requireStaff(request("/edit/users", { cookie: editorCookie }), contextFor(), "users");
      expect(user.role).toBe("owner");
      // A deactivated account is let back in: the operator means this person to sign in.
      await handle.db.update(authUser).set({ banned: true, banReason: "Deactivated by a test" }).where(eq(authUser.email, "editor@example.test"));
      expect(await promoteToOwner(handle.db, "editor@example.test")).toMatchObject({ previousRole: "owner", reactivated: true });
      const [row] = await handle.db.select({ banned: authUser.banned }).from(authUser).where(eq(authUser.email, "editor@example.test"));
      expect(row!.banned).toBe(false);
    });

    it("issues a set-up link only while no Owner exists, and each token works once", async () => {
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
        const freshServices = await createTestServices(fresh, { env });
        await createStaffUser(freshServices.services, { ...ADMIN, role: "editor" });
        // An Editor is not enough: the link stays until an Owner exists.
        expect(await ownerExists(fresh.db)).toBe(false);
        await createStaffUser(freshServices.services, { ...ADMIN, email: "first-owner@example.test" });
        await freshServices.stop();
        expect(await issueSetupLink(fresh.db, env)).toBeNull();
        expect(await isSetupTokenValid(fresh.db, second)).toBe(false);
      } finally {
        await fresh.close();
      }
    });
  });
}
