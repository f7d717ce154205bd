import type { Database } from "#app/db/client.server";
import { reserveSignInAttempt, type SignInReservation } from "./auth-throttle.server";
import { resolveClientIp } from "./client-ip.server";
import { logSecurityEvent } from "./security-log.server";

/**
 * A password typed again by a signed-in member of staff (to change it, to turn two-step sign-in on or off, to make
 * new recovery codes) is a guess like any other to someone holding a stolen session. It takes a place in the same
 * windows as a sign-in (docs/decisions/0023-sign-in-throttling.md: per address, and per account from unknown
 * addresses), atomically and before better-auth checks it; a right password gives the place back with `release()`.
 * A full window is refused with Retry-After, even for the right password, and logged as a security event.
 */
export async function reservePasswordRecheck(db: Database, input: { email: string; ip: string | null; step: string }): Promise<SignInReservation> {
  const address = resolveClientIp(input.ip ?? undefined);
  const reservation = await reserveSignInAttempt(db, { email: input.email, address });
  if (!reservation.allowed) {
    logSecurityEvent("sign-in-throttled", { outcome: "refused", actor: input.email, ip: address, limit: reservation.limit, step: input.step });
  }
  return reservation;
}
