import type { RouteConfigEntry } from "@react-router/dev/routes";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { servicesContext } from "#app/db/context";
import { parseEnv } from "#app/env.server";
import routes from "#app/routes";
import { openTestDatabase } from "../../../tests/setup/test-db";

/**
 * Walks the real route table (app/routes.ts) and calls every loader and action under /edit without a
 * session: each must refuse (redirect home, 401) rather than answer data. A new admin route that forgets
 * requireAdmin fails here.
 */
const routeModules = import.meta.glob(["/app/routes/**/*.ts", "/app/routes/**/*.tsx", "!/app/routes/**/*.test.ts"]);

type FlatRoute = { path: string; file: string };

function flatten(entries: RouteConfigEntry[], parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    return [{ path: path || "/", file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

const SITE = "http://shop.test";
const env = parseEnv({ SITE_URL: SITE, NODE_ENV: "test" } as NodeJS.ProcessEnv);
const adminRoutes = flatten(routes).filter((route) => route.path === "/edit" || route.path.startsWith("/edit/"));
// The layout wrapping /edit has no path of its own: find it as the parent file of the /edit routes.
const layoutFiles = new Set(routes.filter((entry) => entry.children?.some((child) => child.path?.startsWith("edit"))).map((entry) => entry.file));

function concretePath(path: string) {
  return path.replace(/:(\w+)\??/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "anything/here");
}
function paramsFor(path: string) {
  const params: Record<string, string> = {};
  for (const match of path.matchAll(/:(\w+)/g)) params[match[1]!] = "00000000-0000-4000-8000-000000000000";
  if (path.endsWith("*")) params["*"] = "anything/here";
  return params;
}

async function outcome(call: () => unknown): Promise<{ status: number; location: string | null } | { data: unknown }> {
  try {
    const result = await call();
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
    return { data: result };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    throw error;
  }
}

describe("route table: nothing under /edit answers without a session", () => {
  let handle: DatabaseHandle;
  const context = () => {
    const provider = new RouterContextProvider();
    provider.set(servicesContext, { db: handle.db, env, nonce: "", clientIp: "198.51.100.1" });
    return provider;
  };
  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
  });
  afterAll(() => handle.close());

  it("finds the admin routes, including the layout, content, enquiries and the API", () => {
    const paths = adminRoutes.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining(["/edit", "/edit/content", "/edit/enquiries", "/edit/enquiries/:id", "/edit/api/content-blocks", "/edit/*"]),
    );
    expect(layoutFiles.size).toBe(1);
  });

  const targets = [...adminRoutes, ...[...layoutFiles].map((file) => ({ path: "/edit", file }))];
  for (const route of targets) {
    it(`${route.path} (${route.file})`, async () => {
      const load = routeModules[`/app/${route.file}`];
      expect(load, `${route.file} is not a file under app/routes`).toBeDefined();
      const module = (await load!()) as { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };
      expect(module.loader ?? module.action, `${route.file} has neither loader nor action`).toBeDefined();
      const url = `${SITE}${concretePath(route.path)}`;
      const args = (request: Request) => ({ request, context: context(), params: paramsFor(route.path), unstable_pattern: route.path });
      const isApi = route.path.startsWith("/edit/api/");
      if (module.loader) {
        const page = await outcome(() => module.loader!(args(new Request(url, { headers: { accept: "text/html" } }))));
        expect(page).toEqual(isApi ? { status: 401, location: null } : { status: 302, location: "/" });
        const api = await outcome(() => module.loader!(args(new Request(url, { headers: { accept: "application/json" } }))));
        expect(api).toEqual({ status: 401, location: null });
      }
      if (module.action) {
        const body = new FormData();
        body.set("intent", "update");
        const post = await outcome(() => module.action!(args(new Request(url, { method: "POST", body, headers: { origin: SITE, accept: "*/*" } }))));
        expect(post).toEqual({ status: 401, location: null });
      }
    });
  }
});
