import { createHash } from "node:crypto";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import type { PageFacts } from "#app/db/context";
import type { ChangeBus, ChangeTopic } from "#app/db/change-bus.server";
import { sharedPageVariant } from "#app/domain/shared-page";
import { resolveClientIp } from "#app/services/client-ip.server";
import { isCountableRequest, type ViewRecorder } from "#app/services/view-recorder.server";

/**
 * Public pages rendered once and given to every visitor like the first (docs/decisions/0031-page-cache.md).
 *
 * A page is kept only when the app marked it shareable (Cache-Control public: routes/shared-page-headers.ts) and given
 * only to a request whose cookies say nothing personal (domain/shared-page.ts), keyed by its address and currency.
 * What differs per response is put back on every answer: the CSP nonce is this response's own (the kept page holds a
 * marker in its place), so the strict CSP stays as it is; a listing page still counts its visitor's view. Pages go at
 * once when anything they show changes on any process (the change bus), and after PAGE_CACHE_SECONDS at the latest
 * (views reorder Trending Now, rates age). Answers, the first included, carry a weak ETag and Last-Modified and are 304
 * when unchanged.
 */
export type PageCache = {
  /** Answers a GET from memory when it can; otherwise notes the request so its page can be kept. */
  answer: RequestHandler;
  /** The rendered response on its way to the client: kept, and given its validators, when it may be kept. */
  keep: (req: ExpressRequest, res: ExpressResponse, response: Response) => Promise<Response>;
  /** The per-request facts a route leaves for the cache (handed to loaders through the router context). */
  factsFor: (res: ExpressResponse) => PageFacts | undefined;
  invalidate: () => void;
  stop: () => void;
};

type CachedPage = {
  /** The HTML with NONCE_SLOT where the rendering's nonce was. */
  template: string;
  headers: [string, string][];
  etag: string;
  lastModified: string;
  listingView?: string;
};

type Pending = { key: string; generation: number; facts: PageFacts };

/** Where a kept page's nonce goes back; NUL never occurs in a page (the database refuses it, so no content has it). */
const NONCE_SLOT = "\u0000nonce\u0000";
/** Says whether a page came from memory ("hit") or was rendered and kept ("miss"), for operators and tests. */
const CACHE_HEADER = "X-Page-Cache";
/** Headers of the rendered response that belong to that response only. */
const NOT_KEPT = new Set(["set-cookie", "content-length", "date", "etag", "last-modified", "transfer-encoding", "connection"]);
/** What public pages show: any change of these may change a page. Enquiries and staff accounts show on none. */
const PAGE_TOPICS: ChangeTopic[] = ["listings", "content", "settings", "media", "rates"];

export function createPageCache(options: { seconds: number; maxMegabytes: number; changes: ChangeBus; views: ViewRecorder }): PageCache {
  const enabled = options.seconds > 0;
  const pages = new LRUCache<string, CachedPage>({
    max: 10_000,
    maxSize: options.maxMegabytes * 1024 * 1024,
    // Strings are UTF-16 in memory.
    sizeCalculation: (page) => page.template.length * 2 + 512,
    ttl: options.seconds * 1000,
  });
  // Bumped on every change: a page whose rendering began before a change is not kept after it.
  let generation = 0;
  const invalidate = () => {
    generation += 1;
    pages.clear();
  };
  const unsubscribe = PAGE_TOPICS.map((topic) => options.changes.subscribe(topic, invalidate));
  const pending = new WeakMap<ExpressResponse, Pending>();

  const answer: RequestHandler = (req, res, next) => {
    if (!enabled || (req.method !== "GET" && req.method !== "HEAD") || req.headers.authorization) return next();
    const variant = sharedPageVariant(req.headers.cookie);
    if (variant === null) return next();
    const key = `${variant}\n${req.protocol}://${req.get("host") ?? ""}${req.originalUrl}`;
    const page = pages.get(key);
    if (!page) {
      // A HEAD is rendered without a body: nothing to keep.
      if (req.method === "GET") pending.set(res, { key, generation, facts: {} });
      return next();
    }
    if (page.listingView && isCountableRequest({ method: req.method, headers: new Headers(purposeHeaders(req)) })) {
      options.views.record({ listingId: page.listingView, clientIp: resolveClientIp(req.ip), userAgent: req.get("user-agent") ?? "" });
    }
    for (const [name, value] of page.headers) res.append(name, value);
    res.set({ ETag: page.etag, "Last-Modified": page.lastModified, [CACHE_HEADER]: "hit" });
    if (req.fresh) {
      // The browser keeps the page it has, nonce and all, with the headers it came with: this answer's policy (a new
      // nonce) must not replace them, or that page's own scripts would be refused.
      res.removeHeader("Content-Security-Policy");
      res.status(304).end();
      return;
    }
    // Express sends only the headers (with the body's length) to a HEAD.
    res.status(200).send(page.template.replaceAll(NONCE_SLOT, String(res.locals.cspNonce ?? "")));
  };

  async function keep(_req: ExpressRequest, res: ExpressResponse, response: Response): Promise<Response> {
    const noted = pending.get(res);
    if (!noted || !response.body || !isShareable(response)) return response;
    // Read whole, so that the first visitor's answer carries the same validators as every later one (an anonymous
    // page's data is awaited before its first byte anyway; only a slow similar-listings query streams after it).
    let html: string;
    try {
      html = await response.text();
    } catch (error) {
      // The visitor left mid-render (nothing to send to), or the render failed after it began (an error as any other).
      if (res.destroyed) return new Response(null, { status: 499 });
      throw error;
    }
    const headers = new Headers(response.headers);
    const nonce = String(res.locals.cspNonce ?? "");
    // A change came while it rendered, or the page cannot hold its nonce's place safely: sent, but not kept.
    if (noted.generation === generation && nonce && !html.includes("\u0000")) {
      const template = html.replaceAll(nonce, NONCE_SLOT);
      const page: CachedPage = {
        template,
        headers: [...response.headers.entries()].filter(([name]) => !NOT_KEPT.has(name.toLowerCase())),
        etag: `W/"${createHash("sha256").update(template).digest("base64url").slice(0, 27)}"`,
        lastModified: new Date().toUTCString(),
        listingView: noted.facts.listingView,
      };
      pages.set(noted.key, page);
      headers.set("ETag", page.etag);
      headers.set("Last-Modified", page.lastModified);
      headers.set(CACHE_HEADER, "miss");
    }
    return new Response(html, { status: response.status, statusText: response.statusText, headers });
  }

  return {
    answer,
    keep,
    factsFor: (res) => pending.get(res)?.facts,
    invalidate,
    stop: () => unsubscribe.forEach((stop) => stop()),
  };
}

/** A complete page the app marked as one any visitor like this one may be given. */
function isShareable(response: Response): boolean {
  return (
    response.status === 200 &&
    /^text\/html\b/i.test(response.headers.get("Content-Type") ?? "") &&
    /(^|,)\s*public\s*(,|$)/i.test(response.headers.get("Cache-Control") ?? "") &&
    !response.headers.has("Set-Cookie")
  );
}

function purposeHeaders(req: ExpressRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ["sec-purpose", "purpose"]) {
    const value = req.get(name);
    if (value) headers[name] = value;
  }
  return headers;
}
