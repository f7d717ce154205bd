import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins/admin";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Database } from "#app/db/client.server";
import { authAccount, authRateLimit, authSession, authTwoFactor, authUser, authVerification } from "#app/db/schema";
import type { Env } from "#app/env.server";
import { PASSWORD_MAX_UTF16_LENGTH, PASSWORD_MIN_LENGTH } from "#app/domain/password-policy";
import { isStaffRole, type StaffRole } from "#app/domain/staff-roles";
import { AUTH_COOKIE_PREFIX } from "./auth-cookies.server";
import { queuePasswordResetMail } from "./password-reset-mail.server";
import { resolveAuthSecret } from "./auth-secret.server";
import { hashPassword, verifyPassword } from "./password-hash.server";
import { betterAuthLogger } from "./auth-logger.server";
import { SESSION_ADDRESS_HEADER } from "./session-address.server";

// Kept free of React Router imports: scripts and test fixtures use it before React is loaded.

/** A signed-in member of staff, as loaders and actions see them. */
export type StaffUser = { id: string; email: string; name: string; role: StaffRole };

/**
 * Cookies follow how the request reached us (docs/decisions/0018-session-cookies-follow-https.md): over HTTPS
 * (directly, or through a trusted proxy that says so, or a SITE_URL on https) they are `__Host-` cookies,
 * Secure, HttpOnly, SameSite=Lax, Path=/ and without Domain; over plain HTTP (local use) the same without
 * Secure and the prefix. The host picks the instance per request (server/app.ts).
 */
export function createAuth(db: Database, env: Env, secret: string, transport: { https: boolean } = { https: env.siteUrl.startsWith("https://") }) {
  const secure = transport.https;
  return betterAuth({
    appName: env.SITE_NAME,
    baseURL: env.siteUrl,
    secret,
    telemetry: { enabled: false },
    // Its messages join ours as JSON lines, without those that tell which addresses have accounts.
    logger: betterAuthLogger(),
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
      // The policy itself (domain/password-policy.ts) is checked by our forms and scripts before better-auth is
      // called; these are its outer bounds in better-auth's UTF-16 count.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_UTF16_LENGTH,
      // Argon2id at OWASP's cost instead of better-auth's lighter scrypt (docs/decisions/0022-staff-passwords.md).
      password: { hash: hashPassword, verify: verifyPassword },
      // Reset links (docs/decisions/0019): queued in the outbox only for active staff; the answer is the same either way.
      resetPasswordTokenExpiresIn: env.PASSWORD_RESET_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const staff = user as typeof user & { role?: string | null; banned?: boolean | null };
        if (!isStaffRole(staff.role) || staff.banned) return;
        await queuePasswordResetMail(db, { email: user.email, name: user.name, token });
      },
    },
    // An absolute lifetime: the expiry is set at sign-in and never slides. The idle timeout is checked by our
    // guard on every request (auth-session-policy.server.ts), which better-auth has no option for.
    session: { expiresIn: Math.round(env.SESSION_MAX_HOURS * 3600), disableSessionRefresh: true, freshAge: Math.round(env.SESSION_MAX_HOURS * 3600) },
    // One-time tokens (password reset, two-factor challenges) are kept only as hashes.
    verification: { storeIdentifier: "hashed" },
    // Sign-in is throttled by our own database-backed limiter (auth-throttle.server.ts), which also
    // produces the "try again in N minutes" answer; better-auth's HTTP handler is not mounted.
    rateLimit: { enabled: false },
    advanced: {
      // The prefix is chosen here rather than by better-auth (which would add only __Secure-).
      useSecureCookies: false,
      cookiePrefix: secure ? AUTH_COOKIE_PREFIX.secure : AUTH_COOKIE_PREFIX.plain,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/", domain: undefined },
      // A session's address comes from our resolved client address, never from X-Forwarded-For as sent.
      ipAddress: { ipAddressHeaders: [SESSION_ADDRESS_HEADER] },
    },
    // Owners may use the plugin's user-management calls; what each role may open in /edit is decided by
    // our own guard (domain/staff-roles.ts), so Editors and Sales get the plugin's plain-user rights only.
    plugins: [
      admin({
        roles: { owner: adminAc, editor: userAc, sales: userAc, user: userAc },
        defaultRole: "user",
        adminRoles: ["owner"],
      }),
      // Optional TOTP second step with recovery codes (docs/decisions/0020-two-factor-sign-in.md), on both
      // instances so the `two_factor` challenge cookie follows the same prefix as the session cookie. The issuer
      // is what authenticator apps show; a setup counts only once a code from the app has been entered
      // (verified), and recovery codes are kept encrypted. Wrong codes: 5 per challenge, then the password is
      // asked again; 10 in a row lock the account's second step for 15 minutes (the plugin's own counters), on
      // top of our per-address sign-in limit.
      twoFactor({
        issuer: env.SITE_NAME,
        twoFactorCookieMaxAge: 10 * 60,
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: "encrypted" },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The app's better-auth instance, with the secret from AUTH_SECRET or the database (see auth-secret.server.ts). */
export async function createAuthForDatabase(db: Database, env: Env, transport?: { https: boolean }): Promise<Auth> {
  return createAuth(db, env, await resolveAuthSecret(db, env.AUTH_SECRET), transport);
}
