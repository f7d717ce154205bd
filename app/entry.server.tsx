import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { deferredCodeLoaded } from "#app/components/deferred-component";
import { NonceProvider } from "#app/components/nonce-provider";
import { servicesContext } from "#app/db/context";
import { isDatabaseUnavailable } from "#app/db/unavailable.server";
import { loggableUrl } from "#app/services/log-redaction.server";
import { deferScriptsStream } from "#app/services/scripts-after-first-paint.server";
import { logger } from "#app/services/logger.server";

export const streamTimeout = 5_000;

/** The route id of the public layout (app/routes.ts): every page a visitor of the catalogue sees sits under it. */
const PUBLIC_LAYOUT_ROUTE = "routes/public/layout";

/**
 * Every error a loader, action or render throws reaches the log here, as one JSON line through pino
 * (React Router's default prints multi-line text with user input in it). A request the client abandoned
 * is not an error worth a line.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  const where = { method: request.method, url: loggableUrl(url.pathname + url.search) };
  if (isDatabaseUnavailable(error)) {
    unavailable.add(context);
    logger.warn({ err: error, ...where }, "database unavailable: answered 503");
    return;
  }
  // React Router's own refusals (a method a route does not take) are the client's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn({ status: error.status, ...where }, "request refused");
    return;
  }
  logger.error({ err: error, ...where }, "request failed");
};

/** Requests (by their router context) that failed because the database could not be reached. */
const unavailable = new WeakSet<object>();

/** How long a visitor or crawler should wait before trying again while the database is away. */
const RETRY_AFTER_SECONDS = "30";

/** Data requests of the client-side router: a 503 with Retry-After too, so the browser's boundary is not told 500. */
export function handleDataRequest(response: Response, { context }: { context: Readonly<RouterContextProvider> }) {
  if (!unavailable.has(context)) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", RETRY_AFTER_SECONDS);
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: 503, headers });
}

/**
 * The page shown while the database is away: a complete, script-free document (no hydration that could
 * disagree with it), in the site's colours, that says what happened and when to try again. Its one <style> carries
 * the response's nonce, which the CSP's style-src names (no 'unsafe-inline': docs/decisions/0032-no-inline-styles.md).
 */
function unavailablePage(siteName: string, nonce: string, headers: Headers): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Retry-After", RETRY_AFTER_SECONDS);
  headers.set("Cache-Control", "no-store");
  const name = siteName.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Back in a moment | ${name}</title><style nonce="${nonce}">body{margin:0;min-height:100vh;display:grid;place-items:center;background:#faf8f3;color:#1c1c1a;font-family:Georgia,"Times New Roman",serif;text-align:center}main{max-width:32rem;padding:2rem}h1{font-weight:400;font-size:2rem;margin:0 0 1rem;color:#0d3326}p{font-family:system-ui,sans-serif;line-height:1.6;color:#4a4a45}a{color:#0d3326}</style></head><body><main><p>${name}</p><h1>We will be back in a moment</h1><p>Our catalogue is briefly unavailable. Please <a href="">try again</a> in a minute.</p></main></body></html>`;
  return new Response(html, { status: 503, headers });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const services = loadContext.get(servicesContext);
  if (unavailable.has(loadContext)) return unavailablePage(services.env.SITE_NAME, services.nonce, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = services.nonce;
  // Every part written where it belongs, on the first request after a start too (deferred-component.tsx).
  await deferredCodeLoaded();

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React moves a finished Suspense boundary larger than this (12.8 kB by default) out of place, behind a script
        // that puts it back: a form deferred for its code (components/deferred-component.tsx) would stay hidden
        // without JavaScript. Every finished part is written where it belongs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const finished = () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          };
          // Public pages hydrate after their first paint, for a phone on a slow network; staff screens (and sign-in)
          // are tools to use at once, and in development Vite's own scripts must run at once.
          const publicPage = routerContext.staticHandlerContext.matches.some((match) => match.route.id === PUBLIC_LAYOUT_ROUTE);
          const body =
            import.meta.env.DEV || !publicPage
              ? new PassThrough({
                  final(callback) {
                    finished();
                    callback();
                  },
                })
              : deferScriptsStream(finished);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}
