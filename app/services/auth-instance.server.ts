import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import type { Database } from "#app/db/client.server";
import { authAccount, authRateLimit, authSession, authTwoFactor, authUser, authVerification } from "#app/db/schema";
import type { Env } from "#app/env.server";
import { resolveAuthSecret } from "./auth-secret.server";

// Kept free of React Router imports: scripts and test fixtures use it before React is loaded.

/** Passwords: length is what makes them strong, so at least 12 characters and no composition rules. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

export type AdminUser = { id: string; email: string; name: string; role: string };

function createAuth(db: Database, env: Env, secret: string) {
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
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One better-auth instance per database handle (the app has one; tests open several).
const instances = new WeakMap<Database, Promise<Auth>>();

export function getAuth(db: Database, env: Env): Promise<Auth> {
  let instance = instances.get(db);
  if (!instance) {
    instance = resolveAuthSecret(db, env.AUTH_SECRET).then((secret) => createAuth(db, env, secret));
    instance.catch(() => instances.delete(db));
    instances.set(db, instance);
  }
  return instance;
}
