import crypto from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

export type SecurityOptions = {
  /** Extra origins images may load from (the earlier site's media host). */
  imageOrigins: string[];
  /** Extra origins for scripts and frames (bot protection), when configured. */
  scriptOrigins?: string[];
  frameOrigins?: string[];
  connectOrigins?: string[];
  /** Dev mode: Vite's client needs inline scripts and a websocket, so the CSP is relaxed. */
  development: boolean;
};

/**
 * A fresh nonce per response; React Router's scripts carry it, so no inline script runs without it, and so does the
 * one <style> element a server writes (the 503 page of entry.server.tsx). A page from the page cache carries no nonce:
 * its answer's policy lists its scripts' hashes instead (docs/decisions/0035-kept-pages-allowed-by-script-hashes.md).
 * No page needs an inline style attribute, so style-src has no 'unsafe-inline' (docs/decisions/0032-no-inline-styles.md).
 */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
};

export function securityHeaders(options: SecurityOptions): RequestHandler {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  return helmet({
    contentSecurityPolicy: options.development
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", nonce, ...(options.scriptOrigins ?? [])],
            styleSrc: ["'self'", nonce],
            imgSrc: ["'self'", "data:", "blob:", ...options.imageOrigins],
            fontSrc: ["'self'"],
            connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
            mediaSrc: ["'self'", "blob:"],
            frameSrc: options.frameOrigins?.length ? options.frameOrigins : ["'none'"],
            workerSrc: ["'self'", "blob:"],
            frameAncestors: ["'none'"],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            formAction: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: options.development ? false : { maxAge: 31_536_000, includeSubDomains: true },
    xFrameOptions: { action: "deny" },
  });
}
