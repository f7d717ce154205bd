import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { appSettings } from "#app/db/schema";
import { openTestDatabase } from "../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE, testEnv } from "../../tests/setup/test-services";
import { isAuthApiError } from "./auth-api-error.server";
import { getSessionUser } from "./auth.server";
import { createAuthForDatabase } from "./auth-instance.server";
import { lazyAuth, lazyAuthPair } from "./lazy-auth.server";

const env = testEnv();

describe("better-auth made on first use", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const storedSecret = async () => (await handle.db.select().from(appSettings).where(eq(appSettings.key, "auth.secret")))[0]?.value;

  it("touches nothing until staff need it, then answers as better-auth does", async () => {
    const { auth, secureAuth } = lazyAuthPair(handle.db, env);
    // Making the pair reads no secret (the first start stores one): nothing has been loaded yet.
    expect(await storedSecret()).toBeUndefined();
    expect(await auth.api.getSession({ headers: new Headers() })).toBeNull();
    expect(await storedSecret()).toEqual(expect.any(String));
    expect(await secureAuth.api.getSession({ headers: new Headers() })).toBeNull();
    expect((await auth.$context).secret).toBe(await storedSecret());
  });

  it("is made once for callers who arrive together, and made again after a load that failed", async () => {
    let loads = 0;
    let failNext = true;
    const auth = lazyAuth(async () => {
      loads++;
      if (failNext) {
        failNext = false;
        throw new Error("database away");
      }
      return createAuthForDatabase(handle.db, env);
    });
    await expect(auth.api.getSession({ headers: new Headers() })).rejects.toThrow("database away");
    const answers = await Promise.all([1, 2, 3].map(() => auth.api.getSession({ headers: new Headers() })));
    expect(answers).toEqual([null, null, null]);
    expect(loads).toBe(2);
  });

  it("is not loaded to look up the session of a request that carries no session cookie", async () => {
    // A fresh start: the test above stored the secret.
    await handle.db.delete(appSettings).where(eq(appSettings.key, "auth.secret"));
    const { services, stop } = await createTestServices(handle, { env });
    try {
      const sessionOf = (cookie?: string) =>
        getSessionUser(new Request(`${TEST_SITE}/sign-in`, { headers: cookie === undefined ? {} : { cookie } }), contextFor(services));
      expect(await sessionOf()).toBeNull();
      expect(await sessionOf("ws_shortlist=bugatti-chiron-2019; ws_currency=EUR")).toBeNull();
      expect(await sessionOf("better-auth.session_token=")).toBeNull();
      expect(await storedSecret()).toBeUndefined();
      // A session cookie, even a forged one, is for better-auth to judge.
      expect(await sessionOf("better-auth.session_token=forged.value")).toBeNull();
      expect(await storedSecret()).toEqual(expect.any(String));
    } finally {
      await stop();
    }
  });

  it("tells better-auth's refusals from other failures", async () => {
    const { auth } = lazyAuthPair(handle.db, env);
    const refusal = await auth.api
      .signInEmail({ body: { email: "nobody@example.test", password: "not the password" } })
      .catch((error: unknown) => error);
    expect(isAuthApiError(refusal)).toBe(true);
    expect(isAuthApiError(new Error("connection refused"))).toBe(false);
    expect(isAuthApiError({ name: "APIError", status: "UNAUTHORIZED" })).toBe(false);
  });
});
