import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import { getEnv } from "../app/env.server";
import { logger } from "../app/services/logger.server";
import { cspNonce, securityHeaders } from "./security-headers";
import type { AppInstance, getApp as GetApp } from "./app";

/**
 * The HTTP host: headers, compression, static files, request logs and graceful shutdown.
 * The application itself (routes, database) is server/app.ts, loaded from the production build
 * or, in development, through Vite so edits reload without a restart.
 */
const env = getEnv();
const production = env.NODE_ENV === "production";

const host = express();
host.disable("x-powered-by");
if (env.TRUST_PROXY) host.set("trust proxy", 1);

host.use(
  pinoHttp({
    logger,
    // Health probes would drown the log.
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  }),
);
host.use(cspNonce);
// [enquiries] Cloudflare Turnstile needs its script, frame and API origin, but only when it is configured.
const turnstileOrigins = env.TURNSTILE_SITE_KEY ? ["https://challenges.cloudflare.com"] : [];
host.use(
  securityHeaders({
    imageOrigins: env.IMAGE_ORIGINS.split(/\s+/).filter(Boolean),
    scriptOrigins: turnstileOrigins,
    frameOrigins: turnstileOrigins,
    connectOrigins: turnstileOrigins,
    development: !production,
  }),
);
host.use(compression());

let loadApp: () => Promise<AppInstance>;

if (production) {
  const buildDir = env.buildDir;
  // Fingerprinted assets never change: cache them for a year.
  host.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
  host.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
  const serverBuild = path.join(buildDir, "server/index.js");
  const { getApp } = (await import(serverBuild)) as { getApp: typeof GetApp };
  loadApp = getApp;
} else {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  host.use(devServer.middlewares);
  loadApp = async () => {
    const module = (await devServer.ssrLoadModule("./server/app.ts")) as { getApp: typeof GetApp };
    return module.getApp();
  };
}

const startedApp = await loadApp();
host.use(async (req, res, next) => {
  try {
    const app = production ? startedApp : await loadApp();
    app.handler(req, res, next);
  } catch (error) {
    next(error);
  }
});

const server = http.createServer(host);
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port }, `${env.SITE_NAME} is running at http://localhost:${port}`);
  // Plain line as well, for people reading the terminal rather than a log collector.
  console.log(`\n  ${env.SITE_NAME} is running at http://localhost:${port}\n`);
});

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, "shutting down: finishing in-flight requests");
  const force = setTimeout(() => {
    logger.error("in-flight requests did not finish in 10 s; exiting");
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close(() => {
    void startedApp
      .close()
      .catch((error) => logger.error({ err: error }, "closing the database failed"))
      .finally(() => {
        logger.info("stopped");
        process.exit(0);
      });
  });
  // Keep-alive connections with no request in flight would hold close() open.
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
