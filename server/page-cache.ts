import { createHash } from "node:crypto";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { LRUCache } from "lru-cache";
import type { PageFacts } from "#app/db/context";
import type { ChangeBus, ChangeTopic } from "#app/db/change-bus.server";
import { sharedPageVariant } from "#app/domain/shared-page";
import { resolveClientIp } from "#app/services/client-ip.server";
import { isCountableRequest, type ViewRecorder } from "#app/services/view-recorder.server";
import { compressForKeeps } from "./compress-for-keeps";

/**
 * Public pages rendered once and given to every visitor like the first (docs/decisions/0031-page-cache.md).
 *
 * A page is kept only when the app marked it shareable (Cache-Control public: routes/shared-page-headers.ts) and given
 * only to a request whose cookies say nothing personal (domain/shared-page.ts), keyed by its address and currency.
 * The kept copy carries no nonce: its inline scripts are allowed by their hashes in the policy of every answer it is
 * given in (docs/decisions/0035-kept-pages-allowed-by-script-hashes.md), so it is the same bytes for every visitor and
 * is compressed once, at the highest levels. A listing page still counts its visitor's view. Pages go at
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
  /** The HTML every visitor is given: the rendering's nonce taken out. */
  html: string;
  /** The same bytes compressed once at the highest levels, when ready (until then the host compresses each answer). */
  encoded: { br?: Buffer; gzip?: Buffer };
  /** The CSP sources ('sha256-…') of the page's inline scripts. */
  scriptHashes: string[];
  /** The last policy worked out for it, by the answer's policy with its nonce taken out (see keptPagePolicy). */
  policy?: { withoutNonce: string; sent: string };
  headers: [string, string][];
  etag: string;
  lastModified: string;
  listingView?: string;
};

type Pending = { key: string; generation: number; facts: PageFacts };

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
    // Strings are UTF-16 in memory; the two compressed copies add about a third of the text's length.
    sizeCalculation: (page) => Math.ceil(page.html.length * 2.35) + 512,
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
      // The browser keeps the page it has with the headers it came with: a policy sent with the 304 would replace them.
      res.removeHeader("Content-Security-Policy");
      res.status(304).end();
      return;
    }
    const policy = res.getHeader("Content-Security-Policy");
    if (typeof policy === "string") res.setHeader("Content-Security-Policy", keptPagePolicy(page, policy, String(res.locals.cspNonce ?? "")));
    res.vary("Accept-Encoding");
    // Brotli whenever the browser takes it (asked for both at once, Express would pick the one the browser named first).
    const encoding = req.acceptsEncodings("br") === "br" ? "br" : req.acceptsEncodings("gzip") === "gzip" ? "gzip" : undefined;
    const encoded = encoding ? page.encoded[encoding] : undefined;
    // A Content-Encoding already set tells the host's compression to leave the answer alone; Express sends only the
    // headers (with the body's length) to a HEAD.
    if (encoded && encoding) res.setHeader("Content-Encoding", encoding);
    res.status(200).send(encoded ?? page.html);
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
    // A change came while it rendered: sent, but not kept.
    if (noted.generation === generation && nonce) {
      const shared = html.replaceAll(` nonce="${nonce}"`, "").replaceAll(nonce, "");
      const page: CachedPage = {
        html: shared,
        encoded: {},
        scriptHashes: inlineScriptHashes(shared),
        headers: [...response.headers.entries()].filter(([name]) => !NOT_KEPT.has(name.toLowerCase())),
        etag: `W/"${createHash("sha256").update(shared).digest("base64url").slice(0, 27)}"`,
        lastModified: new Date().toUTCString(),
        listingView: noted.facts.listingView,
      };
      pages.set(noted.key, page);
      compressOnce(page);
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

/** Compresses a kept page once (highest levels, off the main thread), small enough to arrive in a new connection's first round trip. */
function compressOnce(page: CachedPage): void {
  compressForKeeps(Buffer.from(page.html)).then(
    (encoded) => {
      page.encoded = encoded;
    },
    // Left uncompressed here, the host compresses each answer as it does for any page.
    () => undefined,
  );
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const NOT_RUN = /\btype="application\/(?:ld\+)?json"/i;

/** The CSP source of every script the page runs inline (a script with a src, or JSON data, needs none). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/i.test(attributes!) || NOT_RUN.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The policy a kept page is sent with. Answers' policies differ only in their nonce, which the kept page's policy does
 * not carry, so it is worked out once per page and reused while the policy stays the same (the hottest path: a hit).
 */
function keptPagePolicy(page: CachedPage, policy: string, nonce: string): string {
  const withoutNonce = nonce ? policy.replaceAll(nonce, "") : policy;
  if (page.policy?.withoutNonce !== withoutNonce) page.policy = { withoutNonce, sent: withScriptHashes(policy, nonce, page.scriptHashes) };
  return page.policy.sent;
}

/** The response's policy with its nonce replaced by the kept page's script hashes (and taken out of style-src). */
function withScriptHashes(policy: string, nonce: string, hashes: string[]): string {
  const source = `'nonce-${nonce}'`;
  return policy
    .split(";")
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      const kept = sources.flatMap((value) => (value !== source ? [value] : name === "script-src" ? hashes : []));
      return [name, ...kept].join(" ");
    })
    .join(";");
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
