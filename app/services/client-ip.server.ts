/**
 * The visitor's address for rate limits, sign-in throttling and Turnstile: Express's `req.ip`, which the host puts
 * in the router context (server/app.ts). Express reads `X-Forwarded-For` only as far as `TRUST_PROXY` allows (a hop
 * count, or the proxies' own addresses; see env.server.ts), so a client that talks to the app directly cannot choose
 * its address by sending the header. Nothing here reads the header itself.
 */
export function resolveClientIp(contextIp: string | undefined): string {
  if (!contextIp) return "unknown";
  // IPv4 clients on a dual-stack socket show up as ::ffff:1.2.3.4; count them as 1.2.3.4.
  return contextIp.startsWith("::ffff:") ? contextIp.slice(7) : contextIp;
}
