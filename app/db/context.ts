import { createContext } from "react-router";
import type { Env } from "#app/env.server";
import type { Database } from "./client.server";

/**
 * What the host hands every loader and action. Loaders read the database from here, never from a
 * module global, so tests and scripts can hand in another one.
 */
export type AppServices = {
  db: Database;
  env: Env;
  /** Per-request CSP nonce, also carried by React Router's scripts. */
  nonce: string;
  /** The client's address (Express req.ip; honours TRUST_PROXY), for per-client limits such as sign-in throttling. */
  clientIp?: string;
};

export const servicesContext = createContext<AppServices>();
