import { createContext } from "react-router";
import type { AppServices } from "#app/services/app-services.server";

/**
 * What the host hands every loader and action: the app's services (database, storage, auth, caches…)
 * plus this request's own facts. Loaders read them from here, never from a module global, so tests and
 * scripts can hand in others.
 */
export type RequestServices = AppServices & {
  /** Per-request CSP nonce, also carried by React Router's scripts. */
  nonce: string;
  /** The client's address (Express req.ip; honours TRUST_PROXY), for per-client limits such as sign-in throttling. */
  clientIp?: string;
  /**
   * What the page cache must do again when it answers this request's page to someone else (server/page-cache.ts):
   * a cached listing page still counts its visitor's view. Absent outside the host (tests, scripts).
   */
  pageFacts?: PageFacts;
};

export type PageFacts = { listingView?: string };

export const servicesContext = createContext<RequestServices>();
