/**
 * The visitor's IP for rate limits and Turnstile. The host puts Express's `req.ip` in the router
 * context (it honours TRUST_PROXY). Without it, `X-Forwarded-For` is believed only when TRUST_PROXY is
 * set, and then only its last entry: the one our own proxy appended, which a client cannot forge.
 */
export function resolveClientIp({ request, contextIp, trustProxy }: { request: Request; contextIp?: string; trustProxy: boolean }): string {
  if (contextIp) return normalize(contextIp);
  if (trustProxy) {
    const forwarded = request.headers
      .get("x-forwarded-for")
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return normalize(last);
  }
  return "unknown";
}

/** IPv4 clients on a dual-stack socket show up as ::ffff:1.2.3.4; count them as 1.2.3.4. */
function normalize(ip: string): string {
  return ip.startsWith("::ffff:") ? ip.slice(7) : ip;
}
