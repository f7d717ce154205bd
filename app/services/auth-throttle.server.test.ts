import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { createTestServices } from "../../tests/setup/test-services";
import type { AppServices } from "./app-services.server";
import { createStaffUser } from "./auth-admin.server";
import { signInStaff, WRONG_CREDENTIALS } from "./auth-sign-in.server";
import { reserveSignInAttempt, SIGN_IN_LIMITS } from "./auth-throttle.server";

const WINDOW_MS = SIGN_IN_LIMITS.address.windowMs;

for (const kind of TEST_DATABASE_KINDS) {
  describe(`sign-in throttling (${kind})`, () => {
    let handle: DatabaseHandle;
    let services: AppServices;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      ({ services, stop } = await createTestServices(handle));
    });
    afterAll(async () => {
      vi.useRealTimers();
      await stop();
      await handle.close();
    });

    async function staff(email: string) {
      const password = `harbour lights for ${email}`;
      await createStaffUser(services, { email, password, role: "editor" });
      return { email, password };
    }
    const attempt = (email: string, password: string, clientAddress: string) =>
      signInStaff(services, { email, password, clientAddress, requestHeaders: new Headers() });

    it("refuses an address after 10 wrong tries, even with the right password, and says when to come back", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const start = Date.now();
      vi.setSystemTime(start);
      const owner = await staff("address-limit@example.test");
      for (let index = 0; index < 10; index++)
        expect(await attempt(owner.email, `wrong ${index}`, "203.0.113.50")).toEqual({ ok: false, status: 401, message: WRONG_CREDENTIALS });
      expect(await attempt(owner.email, owner.password, "203.0.113.50")).toEqual({
        ok: false,
        status: 429,
        message: "Too many attempts, try again in 15 minutes.",
        retryAfterSeconds: 900,
      });
      // Other accounts from the same address are refused too: the address is what is limited.
      const other = await staff("same-address@example.test");
      expect(await attempt(other.email, other.password, "203.0.113.50")).toMatchObject({ status: 429 });
      vi.setSystemTime(start + WINDOW_MS - 50_000);
      expect(await attempt(owner.email, owner.password, "203.0.113.50")).toMatchObject({
        status: 429,
        retryAfterSeconds: 50,
        message: "Too many attempts, try again in 1 minute.",
      });
      // The same member of staff elsewhere is not affected: one visitor cannot lock the staff out.
      expect((await attempt(owner.email, owner.password, "203.0.113.51")).ok).toBe(true);
      expect((await attempt(other.email, other.password, "198.51.100.9")).ok).toBe(true);
      vi.setSystemTime(start + WINDOW_MS + 1_000);
      expect((await attempt(owner.email, owner.password, "203.0.113.50")).ok).toBe(true);
      vi.useRealTimers();
    });

    it("does not let a guesser wipe their count by signing in to an account of their own between guesses", async () => {
      const mine = await staff("guesser@example.test");
      const target = await staff("target@example.test");
      for (let index = 0; index < 10; index++) {
        expect(await attempt(target.email, `guess ${index}`, "203.0.113.60")).toMatchObject({ status: 401 });
        if (index < 9) expect((await attempt(mine.email, mine.password, "203.0.113.60")).ok).toBe(true);
      }
      expect(await attempt(target.email, "guess 10", "203.0.113.60")).toMatchObject({ status: 429 });
      expect(await attempt(mine.email, mine.password, "203.0.113.60")).toMatchObject({ status: 429 });
    });

    it("holds an account back after 30 tries from many addresses, except from an address its owner signed in from before", async () => {
      const owner = await staff("spread@example.test");
      expect((await attempt(owner.email, owner.password, "192.0.2.200")).ok).toBe(true);
      for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3"])
        for (let index = 0; index < 10; index++) expect(await attempt(owner.email, `spread ${index}`, address)).toMatchObject({ status: 401 });
      // A fourth address, fresh, with the right password: the account's window is full.
      expect(await attempt(owner.email, owner.password, "198.51.100.4")).toMatchObject({
        status: 429,
        message: "Too many attempts, try again in 15 minutes.",
      });
      // Its owner, from the address they used before, still gets in; other accounts are not affected.
      expect((await attempt(owner.email, owner.password, "192.0.2.200")).ok).toBe(true);
      const colleague = await staff("colleague@example.test");
      expect((await attempt(colleague.email, colleague.password, "198.51.100.4")).ok).toBe(true);
    });

    it("counts every one of many simultaneous first tries from new addresses, none failing on the table's second unique index", async () => {
      // On a PostgreSQL server the first inserts of a burst race each other (PGlite has one connection and cannot race).
      for (let round = 0; round < 20; round++) {
        const address = `198.18.${round}.1`;
        const reservations = await Promise.all(Array.from({ length: 12 }, () => reserveSignInAttempt(handle.db, { email: null, address })));
        expect(reservations.filter((reservation) => reservation.allowed)).toHaveLength(SIGN_IN_LIMITS.address.max);
      }
    });

    it("lets no more than 10 of 50 simultaneous wrong tries from one address have their password checked", async () => {
      const owner = await staff("burst@example.test");
      const results = await Promise.all(Array.from({ length: 50 }, (_, index) => attempt(owner.email, `burst ${index}`, "203.0.113.70")));
      const statuses = results.map((result) => (result.ok ? 200 : result.status));
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40);
      expect(await attempt(owner.email, owner.password, "203.0.113.70")).toMatchObject({ status: 429 });
    });
  });
}
