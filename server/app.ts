import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { openDatabaseFromEnv, type DatabaseHandle } from "#app/db/client.server";
import { servicesContext } from "#app/db/context";
import { seedCatalogue } from "#app/db/seed/seed.server";
import { getEnv, type Env } from "#app/env.server";
import { logger } from "#app/services/logger.server";
import { createAppServices } from "#app/services/app-services.server";
import { issueSetupLink } from "#app/services/auth-setup.server";

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

/** One instance per process: dev-mode module reloads must not open the embedded database twice. */
export function getApp(): Promise<AppInstance> {
  const globals = globalThis as Globals;
  globals.__whiteStreamsApp ??= createApp(getEnv());
  return globals.__whiteStreamsApp;
}

export async function createApp(env: Env): Promise<AppInstance> {
  const database = await openDatabaseFromEnv(env);
  await database.migrate();
  if (env.SEED_ON_START) {
    const { inserted } = await seedCatalogue(database.db);
    if (inserted > 0) logger.info({ inserted }, "seeded catalogue listings");
  }
  // PostgreSQL's autovacuum keeps planner statistics fresh; the embedded PGlite has no autovacuum,
  // so refresh them once per start (cheap for a catalogue, and it lets counts use index-only scans).
  if (database.kind === "pglite") await database.db.execute(sql`vacuum analyze listings`);
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

  handler.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: env.NODE_ENV,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, { ...running.services, nonce: String(res.locals.cspNonce ?? ""), clientIp: req.ip });
        return context;
      },
    }),
  );

  return {
    handler,
    database,
    close: async () => {
      await running.stop();
      await database.close();
    },
  };
}

/** With no administrator yet, prints a one-time link that creates the first one (valid once, until the next start). */
async function announceSetupLink(database: DatabaseHandle, env: Env) {
  const link = await issueSetupLink(database.db, env);
  if (!link) return;
  logger.warn("no administrator exists yet: open the one-time set-up link printed below");
  // eslint-disable-next-line no-console -- a plain line the operator can copy from the terminal
  console.log(`\n  Create the first administrator (link valid once): ${link}\n`);
}
