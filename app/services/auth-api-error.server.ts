import type { APIError } from "better-auth/api";

export type { APIError };

/**
 * Whether better-auth refused a call (wrong password, bad code, locked account) rather than failed. Told by the
 * error's name, as better-auth's own `isAPIError` does too, so no module that only checks its errors loads
 * better-auth's ~300-module API bundle: better-auth itself is loaded on first use (lazy-auth.server.ts).
 */
export function isAuthApiError(error: unknown): error is APIError {
  return error instanceof Error && error.name === "APIError" && "status" in error;
}
