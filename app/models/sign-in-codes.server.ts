import { createHash } from "node:crypto";
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { authTwoFactor } from "#app/db/schema";

/**
 * A code from the authenticator app stays valid for up to 90 s (better-auth accepts the step before and after the
 * current one); it is remembered a little longer than that.
 */
const CODE_REMEMBERED = sql`now() - interval '120 seconds'`;

/**
 * Takes a code that has just signed this account in, so that it signs in once only (RFC 6238 §5.2): a code seen
 * over a shoulder or phished must not open a second session while it is still valid. True for the code's first
 * use; false when the same code already signed this account in within its validity. One conditional update, so of
 * two sign-ins racing with one code exactly one gets it. Only a digest is stored, never the code.
 */
export async function claimSignInCode(db: Database, userId: string, code: string): Promise<boolean> {
  const digest = createHash("sha256").update(`${userId}:${code.trim()}`).digest("hex");
  const claimed = await db
    .update(authTwoFactor)
    .set({ lastSignInCodeDigest: digest, lastSignInCodeAt: sql`now()` })
    .where(
      and(
        eq(authTwoFactor.userId, userId),
        or(
          isNull(authTwoFactor.lastSignInCodeDigest),
          ne(authTwoFactor.lastSignInCodeDigest, digest),
          lt(authTwoFactor.lastSignInCodeAt, CODE_REMEMBERED),
        ),
      ),
    )
    .returning({ id: authTwoFactor.id });
  return claimed.length > 0;
}
