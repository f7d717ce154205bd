import { and, eq, lt } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { authSession } from "#app/db/schema";
import type { Env } from "#app/env.server";

/** Last activity is written at most this often, so a busy page costs no write per request. */
const TOUCH_EVERY_MS = 60_000;

type SessionTimes = { id: string; createdAt: Date; updatedAt: Date };

/** Why a session is no longer valid, or null while it is. */
export function sessionEndReason(env: Env, session: SessionTimes, now = Date.now()): "lifetime" | "idle" | null {
  if (now - session.createdAt.getTime() >= env.SESSION_MAX_HOURS * 3_600_000) return "lifetime";
  if (now - session.updatedAt.getTime() >= env.SESSION_IDLE_MINUTES * 60_000) return "idle";
  return null;
}

/**
 * The session rules better-auth leaves to us (docs/decisions/0019): an absolute lifetime counted from sign-in
 * (better-auth's expiry no longer slides, this also covers sessions made before that) and an idle timeout.
 * `updated_at` is the last activity. A session past either limit is deleted, so it cannot come back.
 */
export async function enforceSessionPolicy(db: Database, env: Env, session: SessionTimes, now = Date.now()): Promise<boolean> {
  if (sessionEndReason(env, session, now)) {
    await db.delete(authSession).where(eq(authSession.id, session.id));
    return false;
  }
  if (now - session.updatedAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(authSession)
      .set({ updatedAt: new Date(now) })
      .where(and(eq(authSession.id, session.id), lt(authSession.updatedAt, new Date(now))));
  }
  return true;
}
