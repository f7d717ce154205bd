import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { appSettings } from "#app/db/schema";
import type { Env } from "#app/env.server";
import { ownerExists } from "./auth-admin.server";

const SETUP_SETTING = "auth.setup-token-hash";

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * When no administrator exists, makes a fresh one-time set-up link and keeps only its hash. Each start
 * replaces the previous link, so only the link printed last works. Returns null once an admin exists.
 */
export async function issueSetupLink(db: Database, env: Env): Promise<string | null> {
  if (await ownerExists(db)) {
    await db.delete(appSettings).where(eq(appSettings.key, SETUP_SETTING));
    return null;
  }
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .insert(appSettings)
    .values({ key: SETUP_SETTING, value: hashToken(token) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: hashToken(token), updatedAt: new Date() } });
  return `${env.siteUrl}/setup?token=${token}`;
}

export async function isSetupTokenValid(db: Database, token: string | null): Promise<boolean> {
  if (!token) return false;
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SETUP_SETTING));
  if (typeof row?.value !== "string") return false;
  const expected = Buffer.from(row.value);
  const given = Buffer.from(hashToken(token));
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** Uses the token up. A single conditional delete, so two simultaneous submissions cannot both win. */
export async function consumeSetupToken(db: Database, token: string): Promise<boolean> {
  const deleted = await db
    .delete(appSettings)
    .where(and(eq(appSettings.key, SETUP_SETTING), eq(sql`${appSettings.value} #>> '{}'`, hashToken(token))))
    .returning({ key: appSettings.key });
  return deleted.length === 1;
}

/** Puts a consumed token back when creating the account failed afterwards, so the link still works. */
export async function restoreSetupToken(db: Database, token: string): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: SETUP_SETTING, value: hashToken(token) })
    .onConflictDoNothing();
}
