import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { authRateLimit } from "#app/db/schema";

/** After this many failed sign-ins from one address within the window, further tries are refused. */
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 3 * 60 * 1000;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number; message: string };

/**
 * A fixed window per client address, counted in the database (auth_rate_limit) so every app process
 * shares it: the first failure opens a 3-minute window; the 10th failure in it closes the door until
 * the window ends. A successful sign-in clears the counter.
 */
function keyFor(clientAddress: string) {
  return `sign-in-failures:${clientAddress}`;
}

export async function checkSignInAllowed(db: Database, clientAddress: string, now = Date.now()): Promise<ThrottleVerdict> {
  const [row] = await db
    .select()
    .from(authRateLimit)
    .where(eq(authRateLimit.key, keyFor(clientAddress)));
  if (!row) return { allowed: true };
  const windowEnds = row.lastRequest + SIGN_IN_WINDOW_MS;
  if (row.count < SIGN_IN_MAX_FAILURES || now >= windowEnds) return { allowed: true };
  const retryAfterMs = windowEnds - now;
  return { allowed: false, retryAfterMs, message: tooManyAttemptsMessage(retryAfterMs) };
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** Counts one failure; a single upsert so concurrent failures are all counted. */
export async function recordFailedSignIn(db: Database, clientAddress: string, now = Date.now()): Promise<void> {
  const key = keyFor(clientAddress);
  const expired = sql`${now} - ${authRateLimit.lastRequest} >= ${SIGN_IN_WINDOW_MS}`;
  await db
    .insert(authRateLimit)
    .values({ id: key, key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: authRateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authRateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now}::bigint else ${authRateLimit.lastRequest} end`,
      },
    });
}

export async function clearSignInFailures(db: Database, clientAddress: string): Promise<void> {
  await db.delete(authRateLimit).where(eq(authRateLimit.key, keyFor(clientAddress)));
}
