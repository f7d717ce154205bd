import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { appSettings } from "#app/db/schema";

const SECRET_SETTING = "auth.secret";

/**
 * The secret better-auth signs session cookies with. AUTH_SECRET wins when set; otherwise a random one is
 * generated once and kept in app_settings, so sessions survive restarts and every app process agrees.
 * `insert … on conflict do nothing` then re-read makes two processes starting together settle on one value.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: SECRET_SETTING, value: crypto.randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SECRET_SETTING));
  if (typeof row?.value !== "string" || row.value.length < 32) throw new Error("The stored auth secret is missing or too short");
  return row.value;
}
