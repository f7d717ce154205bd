import { and, eq, like, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { authRateLimit } from "#app/db/schema";
import { againOnUniqueViolation } from "#app/db/unique-violation.server";

/**
 * Sign-in throttling (docs/decisions/0023-sign-in-throttling.md). Two fixed windows, counted in the database
 * (auth_rate_limit) so every app process shares them:
 * - per client address: 10 tries in 15 minutes, whichever accounts they name;
 * - per account: 30 tries in 15 minutes from all addresses together, so a guesser spread over many addresses is
 *   slowed too. An address that has signed in to the account before (a "known" address, 90 days) is not held
 *   back by this one, so strangers cannot lock a member of staff out of their own account.
 * One visitor's tries count only against their address and the accounts they name, so they can never lock the
 * whole staff out; an address limit is reached long before an account limit.
 *
 * A try takes its place in both windows before the password is checked, in one atomic upsert each, so no burst
 * of simultaneous tries gets more than the limit checked; a successful sign-in gives its place back. While a
 * window is full even the right password is refused.
 */
export const SIGN_IN_LIMITS = {
  address: { max: 10, windowMs: 15 * 60_000 },
  account: { max: 30, windowMs: 15 * 60_000 },
} as const;
export const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60_000;

const PREFIX = "sign-in:";
const addressKey = (address: string) => `${PREFIX}address:${address}`;
const accountKey = (email: string) => `${PREFIX}account:${email.trim().toLowerCase()}`;
const knownKey = (email: string, address: string) => `${PREFIX}known:${email.trim().toLowerCase()}:${address}`;

type Place = { key: string; windowStart: number };

export type SignInReservation =
  | { allowed: true; release: () => Promise<void>; places: Place[] }
  | { allowed: false; retryAfterSeconds: number; message: string; limit: "address" | "account" };

/**
 * Takes one place in a window; returns the count after it, and when this window started.
 *
 * The table (better-auth's) has two unique indexes holding the same value, the primary key (id) and key; ON CONFLICT
 * guards one. On a PostgreSQL server the first tries of a burst insert the same new row at the same moment, and one of
 * them can fail on the other index: it is run again, and counts on the row the other made (againOnUniqueViolation).
 */
async function take(db: Database, key: string, windowMs: number, now: number): Promise<{ count: number; windowStart: number }> {
  const expired = sql`${now} - ${authRateLimit.lastRequest} >= ${windowMs}`;
  const [row] = await againOnUniqueViolation(() =>
    db
      .insert(authRateLimit)
      .values({ id: key, key, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: authRateLimit.key,
        set: {
          count: sql`case when ${expired} then 1 else ${authRateLimit.count} + 1 end`,
          lastRequest: sql`case when ${expired} then ${now}::bigint else ${authRateLimit.lastRequest} end`,
        },
      })
      .returning({ count: authRateLimit.count, windowStart: authRateLimit.lastRequest }),
  );
  return row!;
}

/** Gives a place back to the window it was taken from (not to a later one). */
async function giveBack(db: Database, { key, windowStart }: Place): Promise<void> {
  await db
    .update(authRateLimit)
    .set({ count: sql`greatest(${authRateLimit.count} - 1, 0)` })
    .where(and(eq(authRateLimit.key, key), eq(authRateLimit.lastRequest, windowStart)));
}

async function isKnownAddress(db: Database, email: string, address: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ at: authRateLimit.lastRequest })
    .from(authRateLimit)
    .where(eq(authRateLimit.key, knownKey(email, address)));
  return row !== undefined && now - row.at < KNOWN_ADDRESS_MS;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

function refusal(limit: "address" | "account", windowStart: number, windowMs: number, now: number): SignInReservation {
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  return { allowed: false, retryAfterSeconds, message: tooManyAttemptsMessage(retryAfterSeconds), limit };
}

/**
 * Call before checking a password (or a two-factor code); on `allowed`, call `release()` if the sign-in succeeds.
 * Without an e-mail (the second step, where the account is known only to better-auth's challenge cookie) only the
 * address window is used; the two-factor plugin keeps its own count per account.
 */
export async function reserveSignInAttempt(
  db: Database,
  input: { email: string | null; address: string },
  now = Date.now(),
): Promise<SignInReservation> {
  const { address: byAddress, account: byAccount } = SIGN_IN_LIMITS;
  const places: Place[] = [];
  const fromAddress = await take(db, addressKey(input.address), byAddress.windowMs, now);
  if (fromAddress.count > byAddress.max) return refusal("address", fromAddress.windowStart, byAddress.windowMs, now);
  places.push({ key: addressKey(input.address), windowStart: fromAddress.windowStart });
  if (input.email !== null && !(await isKnownAddress(db, input.email, input.address, now))) {
    const forAccount = await take(db, accountKey(input.email), byAccount.windowMs, now);
    if (forAccount.count > byAccount.max) return refusal("account", forAccount.windowStart, byAccount.windowMs, now);
    places.push({ key: accountKey(input.email), windowStart: forAccount.windowStart });
  }
  return {
    allowed: true,
    places,
    release: async () => {
      for (const place of places) await giveBack(db, place);
    },
  };
}

/**
 * After a successful sign-in: remembers the address as known for this account, and clears out windows that
 * ended long ago (every sign-in key that has not moved for a day), so the table stays small.
 */
export async function recordSuccessfulSignIn(db: Database, input: { email: string; address: string }, now = Date.now()): Promise<void> {
  const key = knownKey(input.email, input.address);
  // Two sign-ins of one account from one address at the same moment (a double submit) race as take()'s inserts do.
  await againOnUniqueViolation(() =>
    db
      .insert(authRateLimit)
      .values({ id: key, key, count: 0, lastRequest: now })
      .onConflictDoUpdate({ target: authRateLimit.key, set: { lastRequest: now } }),
  );
  const stale = Math.max(SIGN_IN_LIMITS.address.windowMs, SIGN_IN_LIMITS.account.windowMs, 24 * 60 * 60_000);
  await db
    .delete(authRateLimit)
    .where(
      and(
        like(authRateLimit.key, `${PREFIX}%`),
        sql`${authRateLimit.key} not like ${`${PREFIX}known:%`}`,
        lt(authRateLimit.lastRequest, now - stale),
      ),
    );
  await db.delete(authRateLimit).where(and(like(authRateLimit.key, `${PREFIX}known:%`), lt(authRateLimit.lastRequest, now - KNOWN_ADDRESS_MS)));
}
