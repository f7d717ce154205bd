import type { MiddlewareFunction } from "react-router";
import { PERSONAL_PAGE_CACHE_CONTROL, SHARED_PAGE_CACHE_CONTROL, SHARED_PAGE_VARY, sharedPageVariant } from "#app/domain/shared-page";

/**
 * Marks a page any visitor with the same currency may be given: a complete document (GET, 200, HTML) that sets no
 * cookie, chose no caching of its own (private pages say no-store; form answers are never GETs), asked for by a
 * visitor whose cookies hold nothing personal (domain/shared-page.ts). The host's page cache keeps only pages marked
 * so, and a CDN may too (docs/operations.md); the same page rendered for a visitor with a shortlist or a session is
 * marked private. Everything else is left as the route made it.
 */
export const sharedPageHeaders: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (request.method.toUpperCase() !== "GET" || response.status !== 200) return response;
  if (!/^text\/html\b/i.test(response.headers.get("Content-Type") ?? "")) return response;
  if (response.headers.has("Cache-Control") || response.headers.has("Set-Cookie")) return response;
  if (sharedPageVariant(request.headers.get("Cookie")) === null) {
    // Rendered for this visitor alone (their shortlist, their session): their browser may keep it, no shared cache may.
    response.headers.set("Cache-Control", PERSONAL_PAGE_CACHE_CONTROL);
  } else {
    response.headers.set("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
  }
  response.headers.append("Vary", SHARED_PAGE_VARY);
  return response;
};
