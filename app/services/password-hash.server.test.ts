import { hashPassword as betterAuthDefaultHash } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { authAccount, authUser } from "#app/db/schema";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { createTestServices } from "../../tests/setup/test-services";
import type { AppServices } from "./app-services.server";
import { createStaffUser } from "./auth-admin.server";
import { signInStaff } from "./auth-sign-in.server";
import { needsRehash } from "./password-hash.server";

const OWASP_ARGON2ID = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

for (const kind of TEST_DATABASE_KINDS) {
  describe(`password hashes (${kind})`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle));
    });
    afterAll(async () => {
      await stop();
      await handle.close();
    });

    async function storedHash(email: string): Promise<string | null> {
      const [row] = await handle.db
        .select({ password: authAccount.password })
        .from(authAccount)
        .innerJoin(authUser, eq(authUser.id, authAccount.userId))
        .where(and(eq(authUser.email, email), eq(authAccount.providerId, "credential")));
      return row?.password ?? null;
    }
    const signIn = (email: string, password: string, clientAddress = "192.0.2.80") =>
      signInStaff(services, { email, password, clientAddress, requestHeaders: new Headers() });

    it("stores new passwords as Argon2id with OWASP's parameters, salted per password", async () => {
      await createStaffUser(services, { email: "new@example.test", password: "velvet harbour at dawn", role: "editor" });
      await createStaffUser(services, { email: "twin@example.test", password: "velvet harbour at dawn", role: "editor" });
      const first = await storedHash("new@example.test");
      expect(first).toMatch(OWASP_ARGON2ID);
      expect(await storedHash("twin@example.test")).not.toBe(first);
      expect(needsRehash(first!)).toBe(false);
      expect((await signIn("new@example.test", "velvet harbour at dawn")).ok).toBe(true);
    });

    it("upgrades a hash made with better-auth's default scrypt on the next successful sign-in, and only then", async () => {
      const password = "an older password of mine";
      await createStaffUser(services, { email: "old@example.test", password, role: "sales" });
      const legacy = await betterAuthDefaultHash(password);
      expect(legacy).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      await handle.db
        .update(authAccount)
        .set({ password: legacy })
        .where(eq(authAccount.password, (await storedHash("old@example.test"))!));
      expect(needsRehash(legacy)).toBe(true);

      expect(await signIn("old@example.test", "not my password at all")).toMatchObject({ ok: false, status: 401 });
      expect(await storedHash("old@example.test")).toBe(legacy);

      expect((await signIn("old@example.test", password)).ok).toBe(true);
      const upgraded = await storedHash("old@example.test");
      expect(upgraded).toMatch(OWASP_ARGON2ID);
      expect((await signIn("old@example.test", password)).ok).toBe(true);
      expect(await storedHash("old@example.test")).toBe(upgraded);
      expect(await signIn("old@example.test", "not my password at all")).toMatchObject({ status: 401 });
    });

    it("treats a Unicode password typed in either normal form as the same password, and never cuts a long one", async () => {
      const composed = "pässwörd-ünicode-✓".normalize("NFC");
      await createStaffUser(services, { email: "unicode@example.test", password: composed, role: "editor" });
      expect((await signIn("unicode@example.test", composed.normalize("NFD"))).ok).toBe(true);
      const long = `${"the tide is out past the lighthouse ".repeat(3)}and back by ten`;
      expect(long.length).toBeGreaterThan(100);
      await createStaffUser(services, { email: "long-pass@example.test", password: long, role: "editor" });
      expect((await signIn("long-pass@example.test", long)).ok).toBe(true);
      expect(await signIn("long-pass@example.test", long.slice(0, -1))).toMatchObject({ status: 401 });
      expect(await signIn("long-pass@example.test", long.slice(0, 72))).toMatchObject({ status: 401 });
    });
  });
}
