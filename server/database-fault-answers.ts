import { data, type ServerBuild } from "react-router";
import { isClientDataException } from "../app/db/data-exception.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../app/db/unavailable.server";
import { loggableUrl } from "../app/services/log-redaction.server";
import { logger } from "../app/services/logger.server";

/**
 * Two database errors are not faults of the route that met them, so every loader and action answers them the same
 * way (docs/decisions/0016-request-guard-and-body-limits.md):
 * - PostgreSQL refusing a value the client sent (SQLSTATE class 22, db/data-exception.server.ts) is the client's
 *   mistake: 400, on every route, shown by the nearest error boundary on a page.
 * - An unreachable database (db/unavailable.server.ts) is 503 with Retry-After. Pages and their data requests get
 *   that from entry.server.tsx, which renders its own page; resource routes (sitemaps, brochures, link previews, the
 *   shortlist's hearts) never reach it, so their answer is made here.
 * The build's route modules are wrapped once, so a route added tomorrow is covered without a line of its own.
 */
type Build = ServerBuild;
type Handler = NonNullable<NonNullable<Build["routes"][string]>["module"]["loader"]>;

const wrapped = new WeakMap<Build, Build>();

export function answerDatabaseFaults(build: Build): Build {
  let result = wrapped.get(build);
  if (result) return result;
  const routes: Build["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const resource = route.module.default == null && route.module.ErrorBoundary == null;
    routes[id] = {
      ...route,
      module: { ...route.module, loader: guard(route.module.loader, resource), action: guard(route.module.action, resource) },
    };
  }
  result = { ...build, routes };
  wrapped.set(build, result);
  return result;
}

function guard(handler: Handler | undefined, resource: boolean): Handler | undefined {
  if (!handler) return undefined;
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      throw answerFor(error, args.request, resource) ?? error;
    }
  };
}

const REFUSED = "The request holds a value that cannot be stored. Please check what was sent and try again.";
const UNAVAILABLE = "This is briefly unavailable. Please try again in a minute.";

/** The answer to throw instead of the error, or null to let the error take its usual way. */
function answerFor(error: unknown, request: Request, resource: boolean): unknown {
  const url = new URL(request.url);
  const where = { method: request.method, url: loggableUrl(url.pathname + url.search) };
  if (isClientDataException(error)) {
    logger.warn({ ...where, code: sqlState(error) }, "the database refused a value the client sent: answered 400");
    return resource ? plain(400, REFUSED) : data(REFUSED, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  if (resource && isDatabaseUnavailable(error)) {
    logger.warn({ err: error, ...where }, "database unavailable: answered 503");
    return plain(503, UNAVAILABLE, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  return null;
}

function plain(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}

/** The SQLSTATE code, for the log line (the error itself may quote the refused value). */
function sqlState(error: unknown, depth = 0): string | undefined {
  if (!(error instanceof Error) || depth > 4) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === "string" ? code : sqlState(error.cause, depth + 1);
}
