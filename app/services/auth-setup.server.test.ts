import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { openTestDatabase } from "../../tests/setup/test-db";
import { testEnv } from "../../tests/setup/test-services";
import { consumeSetupToken, issueSetupLink, isSetupTokenValid, restoreSetupToken, SETUP_LINK_LIFETIME_MINUTES } from "./auth-setup.server";

const env = testEnv();
const LIFETIME_MS = SETUP_LINK_LIFETIME_MINUTES * 60_000;

describe("the one-time set-up link", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it("stops working after its lifetime, even if never used", async () => {
    const start = Date.now();
    const token = new URL((await issueSetupLink(handle.db, env, start))!).searchParams.get("token")!;
    expect(await isSetupTokenValid(handle.db, token, start + LIFETIME_MS - 1_000)).toBe(true);
    expect(await isSetupTokenValid(handle.db, token, start + LIFETIME_MS + 1)).toBe(false);
    // Nor can an expired link be used up to create an administrator.
    expect(await consumeSetupToken(handle.db, token, start + LIFETIME_MS + 1)).toBe(false);
    expect(await consumeSetupToken(handle.db, token, start + 1_000)).toBe(true);
  });

  it("is put back, working, when creating the account failed after it was taken", async () => {
    const token = new URL((await issueSetupLink(handle.db, env))!).searchParams.get("token")!;
    expect(await consumeSetupToken(handle.db, token)).toBe(true);
    expect(await isSetupTokenValid(handle.db, token)).toBe(false);
    await restoreSetupToken(handle.db, token);
    expect(await isSetupTokenValid(handle.db, token)).toBe(true);
  });
});
