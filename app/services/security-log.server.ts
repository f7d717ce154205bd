import { logger } from "./logger.server";

/**
 * The security events an operator (or an alerting rule) watches for. One JSON line each, with the time
 * (pino's), the event, who (actor: an e-mail or user id, or "anonymous"), from where (ip) and the outcome.
 * Never pass a password, token or cookie here: the logger censors fields named like them, but the fields
 * below are written as given. See docs/decisions/0017-json-logs-and-security-events.md.
 */
export type SecurityEventName =
  | "sign-in"
  | "sign-in-throttled"
  | "sign-out"
  | "origin-refused"
  | "upload-refused"
  | "turnstile-failed"
  | "honeypot"
  | "enquiry-rate-limited"
  | "password-changed"
  | "password-reset-requested"
  | "password-reset"
  | "session-revoked"
  | "two-factor-changed"
  | "account-created"
  | "account-changed"
  | "setup-link";

export type SecurityOutcome = "success" | "failure" | "refused";

export type SecurityEventDetails = {
  outcome: SecurityOutcome;
  /** Who acted: the member of staff's e-mail or id; omitted for anonymous visitors. */
  actor?: string | null;
  /** The client's address (resolveClientIp, or the router context's clientIp). */
  ip?: string | null;
  /** Why it was refused or failed, in a few words ("wrong password", "foreign origin"). */
  reason?: string;
  /** Anything else worth keeping (never a secret): the area, the file's declared type, a count. */
  [detail: string]: string | number | boolean | null | undefined;
};

export function logSecurityEvent(event: SecurityEventName, details: SecurityEventDetails): void {
  const { outcome, actor, ip, ...rest } = details;
  const line = { security: event, outcome, actor: actor || "anonymous", ip: ip || "unknown", ...rest };
  // Successes are routine (info); refusals and failures are what alerting looks for (warn).
  if (outcome === "success") logger.info(line, `security: ${event}`);
  else logger.warn(line, `security: ${event} ${outcome}`);
}
