import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { appSettings } from "#app/db/schema";
import type { Env } from "#app/env.server";
import { ownerExists } from "./auth-admin.server";

const SETUP_SETTING = "auth.setup-token-hash";

/** A set-up link works for this long after the start that printed it (restart the server for a new one). */
export const SETUP_LINK_LIFETIME_MINUTES = 60;
const LIFETIME_MS = SETUP_LINK_LIFETIME_MINUTES * 60 * 1000;

/** What is kept of a link: the hash of its token (never the token) and when it stops working. */
type StoredSetupToken = { hash: string; expiresAt: number };

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * When no administrator exists, makes a fresh one-time set-up link and keeps only its hash and expiry. Each
 * start replaces the previous link, so only the link printed last works, and only for an hour. Returns null
 * once an admin exists.
 */
export async function issueSetupLink(db: Database, env: Env, now = Date.now()): Promise<string | null> {
  if (await ownerExists(db)) {
    await db.delete(appSettings).where(eq(appSettings.key, SETUP_SETTING));
    return null;
  }
  const token = crypto.randomBytes(32).toString("base64url");
  const value: StoredSetupToken = { hash: hashToken(token), expiresAt: now + LIFETIME_MS };
  await db
    .insert(appSettings)
    .values({ key: SETUP_SETTING, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  return `${env.siteUrl}/setup?token=${token}`;
}

function readStored(value: unknown): StoredSetupToken | null {
  if (typeof value !== "object" || value === null) return null;
  const { hash, expiresAt } = value as Partial<StoredSetupToken>;
  return typeof hash === "string" && typeof expiresAt === "number" ? { hash, expiresAt } : null;
}

export async function isSetupTokenValid(db: Database, token: string | null, now = Date.now()): Promise<boolean> {
  if (!token) return false;
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SETUP_SETTING));
  const stored = readStored(row?.value);
  if (!stored || stored.expiresAt <= now) return false;
  const expected = Buffer.from(stored.hash);
  const given = Buffer.from(hashToken(token));
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** Uses the token up. A single conditional delete, so two simultaneous submissions cannot both win; an expired link cannot. */
export async function consumeSetupToken(db: Database, token: string, now = Date.now()): Promise<boolean> {
  const deleted = await db
    .delete(appSettings)
    .where(
      and(
        eq(appSettings.key, SETUP_SETTING),
        eq(sql`${appSettings.value} ->> 'hash'`, hashToken(token)),
        sql`(${appSettings.value} ->> 'expiresAt')::bigint > ${now}`,
      ),
    )
    .returning({ key: appSettings.key });
  return deleted.length === 1;
}

/** Puts a consumed token back when creating the account failed afterwards, so the link still works (for a fresh hour). */
export async function restoreSetupToken(db: Database, token: string, now = Date.now()): Promise<void> {
  const value: StoredSetupToken = { hash: hashToken(token), expiresAt: now + LIFETIME_MS };
  await db.insert(appSettings).values({ key: SETUP_SETTING, value }).onConflictDoNothing();
}
