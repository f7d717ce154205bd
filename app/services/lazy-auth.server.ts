import type { Database } from "#app/db/client.server";
import type { Env } from "#app/env.server";
import type { Auth } from "./auth-instance.server";

/** What the app uses of better-auth: its server API, and its context (the password reset reads tokens through it). */
export type AuthApi = Pick<Auth, "api" | "$context">;

/**
 * better-auth, made on its first use. Loading it is about 480 module files (better-auth, its plugins, Kysely, jose,
 * better-call): 0.4 s of a start-up and tens of MB that no public page needs, since only staff sign in. So the site
 * serves its first page without it, and the first staff request pays for it once. A load that fails (the database
 * away while the secret is read) is tried again on the next call.
 */
export function lazyAuth(load: () => Promise<Auth>): AuthApi {
  let made: Promise<Auth> | undefined;
  const instance = () =>
    (made ??= load().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
  type Endpoint = (...args: unknown[]) => Promise<unknown>;
  // Every endpoint is async, so each can wait for the instance and then call the real one with the same arguments.
  const api = new Proxy({} as Auth["api"], {
    get:
      (_api, name) =>
      (...args: unknown[]) =>
        instance().then((auth) => (auth.api[name as keyof Auth["api"]] as Endpoint)(...args)),
  });
  return {
    api,
    get $context() {
      return instance().then((auth) => auth.$context);
    },
  };
}

/** The two instances the host chooses from per request: plain HTTP's, and HTTPS's (`__Host-` cookies). */
export function lazyAuthPair(db: Database, env: Env): { auth: AuthApi; secureAuth: AuthApi } {
  const made = (transport?: { https: boolean }) =>
    import("./auth-instance.server").then((module) => module.createAuthForDatabase(db, env, transport));
  return { auth: lazyAuth(() => made()), secureAuth: lazyAuth(() => made({ https: true })) };
}
