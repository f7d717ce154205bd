import http from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import { getEnv } from "../app/env.server";
import { loggableUrl } from "../app/services/log-redaction.server";
import { logger } from "../app/services/logger.server";
import { drainOnceWhereAdded } from "./compression-drain";
import { takeEarlyDatabase } from "./early-start";
import { requestTargetGuard } from "./request-guard";
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
// req.ip (the client address of rate limits and sign-in throttling) and req.protocol follow X-Forwarded-* only from
// the proxies TRUST_PROXY names, by hop count or address (app/env.server.ts).
host.set("trust proxy", env.TRUST_PROXY);

host.use(
  pinoHttp({
    logger,
    // Health probes would drown the log.
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    serializers: {
      // The query may hold a secret (the set-up link's token): such values are replaced before logging.
      req: (req: { method: string; url: string }) => ({ method: req.method, url: loggableUrl(req.url) }),
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
// What is compressed per answer (pages rendered now, data, kept pages not yet packed at the highest level): brotli at
// quality 5 instead of the package's 4 takes the same time (1.4 ms for a listing page) and sends 8 % fewer bytes,
// which keeps a listing page within the first round trip of a new connection on a slow network.
// An action's answer to a form sent by script (a POST to the route's `.data` address) is left uncompressed: it is the
// action's own data (an enquiry's answer is 116 bytes, 118 once gzipped), and a compressor built for it costs more
// than it saves (about 1 ms a post here: its buffers, and a round trip to the thread pool). Pages and loader data
// (a GET of `.data`) still are.
const isActionData = (request: express.Request) => request.method === "POST" && request.path.endsWith(".data");
host.use(
  compression({
    filter: (request, response) => !isActionData(request) && compression.filter(request, response),
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  }),
);
host.use(drainOnceWhereAdded);

// A static file's address is read by the app's rules (methods, host, control characters, broken escapes, depth), so a
// malformed one gets the same plain refusal as a page's rather than the static layer's own answer.
host.use(requestTargetGuard);

let loadApp: () => Promise<AppInstance>;

if (production) {
  const buildDir = env.buildDir;
  // The build wrote brotli and gzip copies of every text asset (scripts/build-host.ts): they are sent as they
  // are, and compression() leaves a response that already has a Content-Encoding alone.
  const precompressed = (maxAge: string, immutable: boolean) => ({
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    // No redirect from a folder's address to the same with a slash: no page of the site lives in a static folder.
    serveStatic: { maxAge, immutable, index: false as const, redirect: false },
  });
  // Fingerprinted assets never change: cache them for a year.
  host.use("/assets", expressStaticGzip(path.join(buildDir, "client/assets"), precompressed("1y", true)));
  host.use(expressStaticGzip(path.join(buildDir, "client"), precompressed("1h", false)));
  // Started by the production entry (server/start.ts), opening on its thread while this one loads the code.
  const embeddedDatabase = takeEarlyDatabase();
  const serverBuild = path.join(buildDir, "server/index.js");
  const { getApp } = (await import(serverBuild)) as { getApp: typeof GetApp };
  loadApp = () => getApp({ embeddedDatabase });
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

// Last stop for an error no route answered (the app's own errors are pages already): one log line, a plain page.
host.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
  const status = (error as { status?: unknown }).status;
  const clientError = typeof status === "number" && status >= 400 && status < 500;
  if (clientError) logger.warn({ err: error, method: req.method, url: loggableUrl(req.originalUrl) }, "request refused");
  else logger.error({ err: error, method: req.method, url: loggableUrl(req.originalUrl) }, "request failed");
  if (res.headersSent) return next(error);
  res
    .status(clientError ? status : 500)
    .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
    .end(clientError ? "This request could not be read.\n" : "Something went wrong on our side. Please try again in a moment.\n");
});

/** What every answer Node gives before Express sees the request carries, as the app's own refusals do. */
const BASELINE_HEADERS = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** A plain answer written straight to the connection, which then closes: for requests Express never sees. */
function answerOnSocket(socket: Duplex, status: string, body: string, extra: Record<string, string> = {}) {
  const headers = { ...BASELINE_HEADERS, ...extra, "Content-Length": String(Buffer.byteLength(body)), Connection: "close" };
  socket.end([`HTTP/1.1 ${status}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), "", body].join("\r\n"));
}

const server = http.createServer(host);
// A client gets 20 s to send its headers (a browser sends them at once), not Node's 60: a client that trickles them
// holds a connection for no request. Bodies keep Node's 5 minutes, which a large photo upload over a slow link needs.
server.headersTimeout = 20_000;
// Requests Node refuses before Express sees them (headers over its 16 KB limit, bytes that are not HTTP) get the
// same plain answer and baseline headers as any other refusal, instead of Node's bare status line.
server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
  if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
  if (error.code === "HPE_HEADER_OVERFLOW")
    return answerOnSocket(socket, "431 Request Header Fields Too Large", "This request's headers are too large.\n");
  answerOnSocket(socket, "400 Bad Request", "This request could not be read.\n");
});
// CONNECT (a proxy's tunnel), which Node would answer by closing the connection: the guard's 405 for other methods.
server.on("connect", (_req, socket: Duplex) => {
  answerOnSocket(socket, "405 Method Not Allowed", "This address does not accept that kind of request.\n", { Allow: "GET, HEAD, POST" });
});
// An Expect header other than 100-continue, which Node would answer with a bare 417.
server.on("checkExpectation", (_req, res: http.ServerResponse) => {
  res.writeHead(417, BASELINE_HEADERS).end("This request's Expect header is not supported.\n");
});
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
