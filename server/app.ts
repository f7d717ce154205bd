import "react-router";
import express from "express";
import { RouterContextProvider } from "react-router";
import { openDatabaseFromEnv, type DatabaseHandle } from "#app/db/client.server";
import { servicesContext } from "#app/db/context";
import type { PgliteThread } from "#app/db/pglite-thread.server";
import { setUpDatabase } from "#app/db/set-up.server";
import { startEmbeddedUpkeep } from "#app/db/embedded-upkeep.server";
import { getEnv, type Env } from "#app/env.server";
import { logger } from "#app/services/logger.server";
import { createAppServices } from "#app/services/app-services.server";
import { appBuild } from "./app-build";
import { createPageCache } from "./page-cache";
import { createAppRequestHandler } from "./react-router-handler";
import { requestGuard } from "./request-guard";
import { issueSetupLink, SETUP_LINK_LIFETIME_MINUTES } from "#app/services/auth-setup.server";

/**
 * The application half of the server, bundled by Vite with the route modules so the router context
 * keys and the database handle are shared by one module graph. server/index.ts hosts it.
 */
export type AppInstance = {
  handler: express.Router;
  database: DatabaseHandle;
  close(): Promise<void>;
};

type Globals = { __whiteStreamsApp?: Promise<AppInstance> };

/** What the host started before loading this code (server/index.ts). */
export type EarlyStart = { embeddedDatabase?: Promise<PgliteThread> };

/** One instance per process: dev-mode module reloads must not open the embedded database twice. */
export function getApp(early: EarlyStart = {}): Promise<AppInstance> {
  const globals = globalThis as Globals;
  globals.__whiteStreamsApp ??= createApp(getEnv(), early);
  return globals.__whiteStreamsApp;
}

export async function createApp(env: Env, early: EarlyStart = {}): Promise<AppInstance> {
  const loadBuild = () => import("virtual:react-router/server-build").then(appBuild);
  // The route modules (React DOM's server renderer among them) take this thread most of a second to load. They load
  // now, while the database opens and migrates on its own thread and this one mostly waits for it, not on the first
  // request. A failure is the first request's to report, as before.
  loadBuild().catch(() => {});
  const database = await openDatabaseFromEnv(env, early.embeddedDatabase);
  await setUpDatabase(database, env);
  // PGlite has no autovacuum: this keeps its planner statistics fresh and clears dead rows (db/embedded-upkeep.server.ts).
  const upkeep = startEmbeddedUpkeep(database);
  logger.info({ database: database.kind }, "database ready");
  await announceSetupLink(database, env);
  const running = await createAppServices({ database, env });

  const handler = express.Router();

  // The one health check: answered here, before React Router, so it costs no render.
  handler.get("/healthz", async (_req, res) => {
    const ok = await database.ping();
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ok ? "ok" : "degraded", database: ok ? "up" : "down" });
  });

  // Methods, targets and bodies are checked (and bodies bounded) before React Router reads anything.
  handler.use(requestGuard);
  // Anonymous visitors' public pages, rendered once for all of them (off in development, where code changes under it).
  const pageCache = createPageCache({
    seconds: env.NODE_ENV === "development" ? 0 : env.PAGE_CACHE_SECONDS,
    maxMegabytes: env.PAGE_CACHE_MAX_MB,
    changes: running.services.changes,
    views: running.services.views,
  });
  handler.use(pageCache.answer);
  handler.use(
    createAppRequestHandler({
      build: loadBuild,
      mode: env.NODE_ENV,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        // req.secure: HTTPS, directly or as a trusted proxy (TRUST_PROXY) says; its sessions use __Host- Secure cookies.
        const auth = req.secure ? running.services.secureAuth : running.services.auth;
        context.set(servicesContext, {
          ...running.services,
          auth,
          nonce: String(res.locals.cspNonce ?? ""),
          clientIp: req.ip,
          pageFacts: pageCache.factsFor(res),
        });
        return context;
      },
      beforeSend: pageCache.keep,
    }),
  );

  return {
    handler,
    database,
    close: async () => {
      pageCache.stop();
      upkeep.stop();
      await running.stop();
      await database.close();
    },
  };
}

/**
 * With no administrator yet, prints a one-time link that creates the first one (valid once, for an hour,
 * until the next start). The link is printed once, on the terminal only: the log line says where to look but
 * never holds the token, and the request log masks it when the link is opened.
 */
async function announceSetupLink(database: DatabaseHandle, env: Env) {
  const link = await issueSetupLink(database.db, env);
  if (!link) return;
  logger.warn({ validMinutes: SETUP_LINK_LIFETIME_MINUTES }, "no administrator exists yet: open the one-time set-up link printed on the terminal");
  // eslint-disable-next-line no-console -- a plain line the operator can copy from the terminal
  console.log(`\n  Create the first administrator (link valid once, for ${SETUP_LINK_LIFETIME_MINUTES} minutes): ${link}\n`);
}
