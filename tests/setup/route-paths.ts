import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes";

/**
 * Every path of app/routes.ts, with real values for its parameters, for the build tests that walk all routes
 * (server/route-walk.test.ts, and the database outage in server/server.test.ts): a new route is walked as soon as
 * it is in the route table.
 */
function flatten(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.index ? [parent || "/"] : entry.path ? [path] : [];
    return [...own, ...flatten(entry.children ?? [], path)];
  });
}

/** Route patterns, each once: "/", "/:category/:id", "/edit/listings/:id", "/media/*"… */
export const ROUTE_PATHS = [...new Set(flatten(routes))];

// Real values where a route has parameters, so a walk reaches the loaders behind them, not only the 404s.
const SAMPLE_PARAMS: Record<string, string> = {
  category: "cars",
  id: "bugatti-chiron-2019",
  file: "bugatti-chiron-2019.jpg",
  key: "home.hero.title",
};

/** A pattern with its parameters filled in; `poison` is appended to each parameter (and to a splat). */
export const concrete = (path: string, poison = "") =>
  path.replace(/:(\w+)\??/g, (_, name: string) => (SAMPLE_PARAMS[name] ?? "x") + poison).replace(/\*$/, `anything/here${poison}`);
