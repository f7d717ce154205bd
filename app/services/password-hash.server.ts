import { hash, parseOptions, verify, type Options } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import { authAccount } from "#app/db/schema";
import { logger } from "./logger.server";

/**
 * How staff passwords are stored: Argon2id with OWASP's recommended cost (19 MiB of memory, 2 passes, 1 lane),
 * as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) so the parameters travel with each hash.
 * better-auth calls these for every password it hashes or checks (sign-in, creating accounts, changing and
 * resetting passwords). Hashes it made itself before (scrypt N=16384, r=16, `salt:key` in hex) still verify,
 * and are replaced on the owner's next successful sign-in (docs/decisions/0022-staff-passwords.md).
 */
export const ARGON2ID = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } satisfies Options;

const ARGON2ID_PREFIX = "$argon2id$";

/** Unicode passwords compare as people see them: "ü" typed precomposed or as u + ¨ is the same password. */
function normalized(password: string): string {
  return password.normalize("NFKC");
}

export async function hashPassword(password: string): Promise<string> {
  return hash(normalized(password), ARGON2ID);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  if (stored.startsWith(ARGON2ID_PREFIX)) return verify(stored, normalized(password));
  // better-auth's own format; it normalises the password itself. Its crypto module (with jose) is loaded only for
  // such an old hash, not at start-up.
  const { verifyPassword: verifyBetterAuthScrypt } = await import("better-auth/crypto");
  return verifyBetterAuthScrypt({ hash: stored, password });
}

/** Whether a stored hash was made with other (older or weaker) settings than today's. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith(ARGON2ID_PREFIX)) return true;
  try {
    const options = parseOptions(stored);
    return options.memoryCost < ARGON2ID.memoryCost || options.timeCost < ARGON2ID.timeCost || options.parallelism !== ARGON2ID.parallelism;
  } catch {
    return true;
  }
}

/**
 * After a successful sign-in (the password is known to be right): stores a fresh hash when the stored one is
 * outdated. Conditional on the old hash, so a password changed meanwhile is never overwritten. A failure is
 * logged and sign-in goes on: the upgrade is tried again next time.
 */
export async function upgradePasswordHash(db: Database, userId: string, password: string): Promise<boolean> {
  try {
    const [account] = await db
      .select({ id: authAccount.id, password: authAccount.password })
      .from(authAccount)
      .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, "credential")));
    if (!account?.password || !needsRehash(account.password)) return false;
    const updated = await db
      .update(authAccount)
      .set({ password: await hashPassword(password), updatedAt: new Date() })
      .where(and(eq(authAccount.id, account.id), eq(authAccount.password, account.password)))
      .returning({ id: authAccount.id });
    return updated.length === 1;
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error), userId }, "password hash upgrade failed");
    return false;
  }
}
