import { isRouteErrorResponse } from "react-router";
import { DeferredNotFoundScreen, DeferredRefusedRequestScreen, DeferredUnexpectedErrorScreen } from "./deferred-shell-parts";

/**
 * The screen for an error a boundary caught: 404 is the designed not-found page; any other 4xx is the client's side of
 * things (not signed in, not allowed, a form sent to a page that takes none) and says so; only a failure of ours (5xx,
 * or a thrown error) is the fallback's "Unexpected Application Error!".
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <DeferredNotFoundScreen />;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    return <DeferredRefusedRequestScreen status={error.status} message={refusalMessage(error)} />;
  }
  // The server logged it already (entry.server's handleError); the browser's console gets it here.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return <DeferredUnexpectedErrorScreen />;
}

/**
 * The refusal's own message, as our loaders and actions write them for people: a string, `{ message }` or `{ error }`
 * (the JSON answers of services/auth.server.ts). React Router's internal refusals carry its own wording (route ids,
 * module names): never shown.
 */
export function refusalMessage(error: { data: unknown; internal?: boolean }): string | null {
  if (error.internal) return null;
  const { data } = error;
  if (typeof data === "string") return data || null;
  if (!data || typeof data !== "object") return null;
  for (const key of ["message", "error"] as const) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === "string" && value) return value;
  }
  return null;
}
