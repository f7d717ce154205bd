import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Requests the route table alone answers, before React Router runs anything:
 * - The `.data` form of a resource route (`/sitemap.xml.data`, `/media/….webp.data`). React Router serves any
 *   address's `.data` as its script data: for a file, the root loader's data and the file re-encoded, 200, under the
 *   page CSP. The browser's router asks a resource route for `.data` in two ways only, and those go on: a post to its
 *   action (the shortlist's hearts, the currency choice) and a fetcher's load, which names that one route in
 *   `?_routes=` (the content list's "Load More"). Any other is 404.
 * - An address under /edit/api/ that no API route has. The admin area's catch-all page would take it and answer as a
 *   page (a redirect home, or a sign-in refusal); a script calling the API gets the API's kind of answer: JSON, 404.
 * Page routes' `.data` (loader data, actions, `?_routes=`, the root's `/_.data`) are React Router's, unchanged.
 */
type Build = ServerBuild;
type Route = NonNullable<Build["routes"][string]>;

/** Where the admin API lives (services/auth.server.ts answers its callers as scripts, not pages). */
const ADMIN_API = "/edit/api/";

export function answerFromRouteTable(build: Build, request: Request): Response | null {
  const url = new URL(request.url);
  const dataPath = dataRequestPath(url.pathname, build);
  const path = dataPath ?? url.pathname;
  const table = routeTableOf(build);
  const method = request.method.toUpperCase();
  // A post to `.data` goes to the route's action (or its refusal, server/posts-without-action.ts) as it is.
  if (dataPath !== null && (method === "GET" || method === "HEAD") && table.mayBeResource(path)) {
    const leaf = table.leafFor(path);
    // A fetcher's load names the one route it loads.
    if (leaf && isResource(leaf) && url.searchParams.get("_routes") !== leaf.id) {
      return plain(404, "This page does not exist. Please check the link.");
    }
  }
  // No API route's pattern fits: only the admin area's catch-all page would take it.
  if (path.startsWith(ADMIN_API) && !table.mayBeResource(path)) {
    return Response.json({ error: "This address does not exist." }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return null;
}

/** React Router's own test: a route that renders nothing answers with what its loader or action returns. */
function isResource(route: Route): boolean {
  return route.module.default == null && route.module.ErrorBoundary == null;
}

/**
 * The page a `.data` address stands for, as React Router reads it (its getNormalizedPath), or null for any other
 * address. With trailing-slash-aware data requests, `/_.data` is `/` and `/cars/_.data` is `/cars/`.
 */
function dataRequestPath(pathname: string, build: Build): string | null {
  if (!pathname.endsWith(".data")) return null;
  if (build.future.v8_trailingSlashAwareDataRequests) {
    return pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.slice(0, -".data".length);
  }
  const basename = build.basename && build.basename !== "/" ? build.basename.replace(/\/$/, "") : "";
  if (pathname === `${basename}/_root.data`) return basename || "/";
  const path = pathname.slice(0, -".data".length);
  return path !== (basename || "/") && path.endsWith("/") ? path.slice(0, -1) : path;
}

type RouteTable = {
  /** Whether a resource route's pattern fits the path: cheap, and true for every path a resource route answers (false: none does). */
  mayBeResource(pathname: string): boolean;
  /** The route React Router answers the path with (its matchRoutes; about 0.4 ms, as it ranks the table each time). */
  leafFor(pathname: string): Route | undefined;
};

const tables = new WeakMap<Build, RouteTable>();

/** The build's routes as React Router matches them (same nesting, same ranking), made once per build. */
function routeTableOf(build: Build): RouteTable {
  let table = tables.get(build);
  if (table) return table;
  const children = new Map<string | undefined, Route[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const routes = tree(undefined);
  const resourcePatterns = Object.values(build.routes)
    .filter((route): route is Route => route !== undefined && isResource(route))
    .map((route) => looseMatcher(fullPath(build, route)));
  table = {
    mayBeResource(pathname) {
      const decoded = decodedPath(pathname);
      return decoded === null || resourcePatterns.some((pattern) => pattern.test(decoded));
    },
    leafFor(pathname) {
      let matches;
      try {
        matches = matchRoutes(routes, pathname, build.basename);
      } catch {
        // A path React Router cannot decode is its own to answer.
        return undefined;
      }
      const id = matches?.at(-1)?.route.id;
      return id ? build.routes[id] : undefined;
    },
  };
  tables.set(build, table);
  return table;
}

/** A route's whole path, its parents' paths before its own. */
function fullPath(build: Build, route: Route): string {
  const parts: string[] = [];
  for (let current: Route | undefined = route; current; current = current.parentId ? build.routes[current.parentId] : undefined) {
    if (current.path) parts.unshift(current.path);
  }
  return parts.join("/");
}

/**
 * A test that passes every path the pattern matches (and maybe a few more): `:param` is one segment, `*` the rest,
 * an optional segment may be absent, and case is ignored. The basename is not part of it: the app has none.
 */
function looseMatcher(path: string): RegExp {
  const source = path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      const optional = segment.endsWith("?");
      const name = optional ? segment.slice(0, -1) : segment;
      const part = name.startsWith(":") ? "/[^/]+" : `/${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      return optional ? `(?:${part})?` : part;
    })
    .join("");
  return new RegExp(`^${source}/?$`, "i");
}

/** The path as React Router decodes it before matching (each segment), or null if it cannot be. */
function decodedPath(pathname: string): string | null {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return null;
  }
}

function plain(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
