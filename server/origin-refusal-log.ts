import type { ServerBuild } from "react-router";
import { logOriginRefused } from "../app/services/auth.server";
import { logger } from "../app/services/logger.server";

/**
 * React Router refuses a form post to a page whose Origin is another site's (400) before any action runs, and only
 * tells the build's handleError, with a plain Error. Such a refusal is a security event like our own same-origin
 * check's (services/auth.server.ts), with the client's address and the session's member of staff
 * (docs/decisions/0017-json-logs-and-security-events.md), not a server failure: it is logged as one here, and the
 * entry's handler (which would log "request failed") is not called for it. Its answer is made to say why
 * (explainOriginRefusal).
 */
type Build = ServerBuild;
type HandleError = NonNullable<Build["entry"]["module"]["handleError"]>;

const wrapped = new WeakMap<Build, Build>();

/** The requests React Router refused for their origin, as handleError saw them (the request the host handed in). */
const refused = new WeakSet<Request>();

export function logOriginRefusals(build: Build): Build {
  let result = wrapped.get(build);
  if (result) return result;
  const handleError = build.entry.module.handleError;
  const logging: HandleError = (error, args) => {
    if (isReactRouterOriginRefusal(error, args.request)) {
      refused.add(args.request);
      // handleError cannot wait; the session lookup for the actor can fail only as a log line of its own.
      logOriginRefused(args.request, args.context, "foreign origin (refused by React Router)").catch((failure: unknown) =>
        logger.warn({ err: failure }, "could not log a refused origin"),
      );
      return;
    }
    handleError?.(error, args);
  };
  result = { ...build, entry: { ...build.entry, module: { ...build.entry.module, handleError: logging } } };
  wrapped.set(build, result);
  return result;
}

/**
 * React Router's own answer to a post it refused for its origin says only "Bad Request" (a page) or, to a script's post
 * to `.data`, "Unexpected Server Error": the same 400 here says what happened. A forged form's victim may see it.
 */
export function explainOriginRefusal(request: Request, response: Response): Response {
  if (!refused.has(request) || response.status !== 400) return response;
  void response.body?.cancel().catch(() => undefined);
  return new Response("This form was sent from another site and was refused.\n", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * React Router's rule (lib/actions.ts, throwIfPotentialCSRFAttack): a POST whose Origin header is set and is
 * "null", not a URL, or another origin than the request's. Its error says so on a page request and only
 * "Bad Request" on a data request, so the request itself is what is checked.
 */
function isReactRouterOriginRefusal(error: unknown, request: Request): boolean {
  if (request.method.toUpperCase() === "GET" || request.method.toUpperCase() === "HEAD") return false;
  if (!(error instanceof Error) || !/origin|^Bad Request$/.test(error.message)) return false;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}
