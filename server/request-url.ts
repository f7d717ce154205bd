import type { Request as ExpressRequest } from "express";

/**
 * The absolute URL React Router sees for a request, built from the Host header (or X-Forwarded-Host from a proxy
 * TRUST_PROXY trusts), the protocol and the target. The host is the client's text: one that is not a plain host
 * name or address (`a b`, `[::1`, `a%zz`, `a@b`), a port that is not a number, a missing host (HTTP/1.0) or a
 * target that is not a path gives null, and the request guard answers 400 before anything else reads the request
 * (docs/decisions/0016-request-guard-and-body-limits.md).
 */

/** A DNS name or IPv4 address (letters, digits, dots, hyphens, underscores), or an IPv6 address in brackets. */
const HOST_NAME = /^(?:[a-z0-9_][a-z0-9_.-]{0,252}|\[[0-9a-f:.]{2,45}\])$/i;
const PORT = /^\d{1,5}$/;

export function requestUrl(req: ExpressRequest): URL | null {
  // Express's req.host: X-Forwarded-Host from a trusted proxy (its first value), else the Host header, with the port.
  const authority = req.host;
  // req.protocol is X-Forwarded-Proto's text when a trusted proxy sends one.
  if (!authority || !req.originalUrl.startsWith("/") || (req.protocol !== "http" && req.protocol !== "https")) return null;
  const [, host, port] = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(authority) ?? [];
  if (!host || !HOST_NAME.test(host)) return null;
  if (port !== undefined && (!PORT.test(port) || Number(port) > 65_535)) return null;
  try {
    // "//evil.example" as a target stays a path here: it follows a host, so it cannot become one.
    return new URL(`${req.protocol}://${host}${port ? `:${port}` : ""}${req.originalUrl}`);
  } catch {
    return null;
  }
}
