import type { BetterAuthOptions } from "better-auth";
import { logger as appLogger } from "./logger.server";

/**
 * better-auth's own messages, as JSON lines through pino (docs/decisions/0017-json-logs-and-security-events.md).
 * Some of its messages tell which addresses have accounts: "User not found" for an unknown address but "Invalid
 * password" for a known one, "Reset Password: User not found" only for an unknown one. Those are not logged: the
 * sign-in and reset security events say what happened, the same way for both cases. Only an Error among the
 * arguments is kept, since the others may be request bodies.
 */
const ACCOUNT_PROBE = /user not found|password not found|invalid password|credential account not found|existing email/i;

type Target = Pick<typeof appLogger, "debug" | "warn" | "error">;

export function betterAuthLogger(target: Target = appLogger): NonNullable<BetterAuthOptions["logger"]> {
  return {
    log: (level, message, ...args) => {
      if (ACCOUNT_PROBE.test(message)) return;
      const err = args.find((arg): arg is Error => arg instanceof Error);
      target[level === "warn" || level === "error" ? level : "debug"]({ err, source: "better-auth" }, message);
    },
  };
}
