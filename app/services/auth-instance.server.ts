import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import type { Database } from "#app/db/client.server";
import { authAccount, authRateLimit, authSession, authTwoFactor, authUser, authVerification } from "#app/db/schema";
import type { Env } from "#app/env.server";
import type { StaffRole } from "#app/domain/staff-roles";
import { resolveAuthSecret } from "./auth-secret.server";

// Kept free of React Router imports: scripts and test fixtures use it before React is loaded.

/** Passwords: length is what makes them strong, so at least 12 characters and no composition rules. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

/** A signed-in member of staff, as loaders and actions see them. */
export type StaffUser = { id: string; email: string; name: string; role: StaffRole };

export function createAuth(db: Database, env: Env, secret: string) {
  const secure = env.siteUrl.startsWith("https://");
  return betterAuth({
    appName: env.SITE_NAME,
    baseURL: env.siteUrl,
    secret,
    telemetry: { enabled: false },
    trustedOrigins: [env.siteUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
        twoFactor: authTwoFactor,
        rateLimit: authRateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Staff accounts are made by an operator (admin:create, the set-up link), never by visitors.
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Sign-in is throttled by our own database-backed limiter (auth-throttle.server.ts), which also
    // produces the "try again in N minutes" answer; better-auth's HTTP handler is not mounted.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
    },
    // Owners may use the plugin's user-management calls; what each role may open in /edit is decided by
    // our own guard (domain/staff-roles.ts), so Editors and Sales get the plugin's plain-user rights only.
    plugins: [
      admin({
        roles: { owner: adminAc, editor: userAc, sales: userAc, user: userAc },
        defaultRole: "user",
        adminRoles: ["owner"],
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The app's better-auth instance, with the secret from AUTH_SECRET or the database (see auth-secret.server.ts). */
export async function createAuthForDatabase(db: Database, env: Env): Promise<Auth> {
  return createAuth(db, env, await resolveAuthSecret(db, env.AUTH_SECRET));
}
