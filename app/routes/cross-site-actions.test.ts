import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import routes from "#app/routes";
import type { AppServices } from "#app/services/app-services.server";
import { openTestDatabase } from "../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE as SITE } from "../../tests/setup/test-services";

/**
 * React Router refuses a post from another site to a page route before its action runs, but not to a resource
 * route (a module without a page): those actions must check the origin themselves. This walks the real route table
 * and posts to every resource route's action from another site, once with an Origin header and once with only the
 * browser's Sec-Fetch-Site: each must refuse (403) without changing anything, so a new resource route that forgets
 * the check fails here.
 */
const routeModules = import.meta.glob(["/app/routes/**/*.ts", "/app/routes/**/*.tsx", "!/app/routes/**/*.test.ts"]);

type ActionModule = { default?: unknown; action?: (args: unknown) => unknown };

function files(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    return [{ path: path || "/", file: entry.file }, ...files(entry.children ?? [], path)];
  });
}

const ZERO_ID = "00000000-0000-4000-8000-000000000000";

async function statusOf(call: () => unknown): Promise<{ status: number; setCookie: string | null }> {
  try {
    const result = await call();
    if (result instanceof Response) return { status: result.status, setCookie: result.headers.get("set-cookie") };
    return { status: 200, setCookie: null };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, setCookie: error.headers.get("set-cookie") };
    throw error;
  }
}

describe("every resource route's action refuses a post from another site", () => {
  let handle: DatabaseHandle;
  let services: AppServices;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    ({ services, stop } = await createTestServices(handle));
  });
  afterAll(async () => {
    await stop();
    await handle.close();
  });

  it("finds the resource routes that take posts (the walk is not empty)", async () => {
    const found = [];
    for (const route of files(routes)) {
      const module = (await routeModules[`/app/${route.file}`]!()) as ActionModule;
      if (module.action && !module.default) found.push(route.path);
    }
    expect(found).toEqual(expect.arrayContaining(["/currency", "/shortlist/items", "/sign-out"]));
  });

  for (const [name, headers] of [
    ["an Origin header of another site", { Origin: "https://evil.example" }],
    ["only Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ] as const) {
    it(`answers 403 and sets no cookie, sent with ${name}`, async () => {
      const refusals: Record<string, number> = {};
      for (const route of files(routes)) {
        const module = (await routeModules[`/app/${route.file}`]!()) as ActionModule;
        if (!module.action || module.default) continue;
        const path = route.path.replace(/:(\w+)\??/g, ZERO_ID);
        const request = new Request(`${SITE}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
          // A form each of them would otherwise act on (the shortlist's add, the currency's choice).
          body: new URLSearchParams({ intent: "add", listing: ZERO_ID, currency: "EUR", returnTo: "/" }),
        });
        const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((match) => [match[1]!, ZERO_ID]));
        const result = await statusOf(() => module.action!({ request, context: contextFor(services), params, unstable_pattern: route.path }));
        expect(result.setCookie, route.path).toBeNull();
        refusals[route.path] = result.status;
      }
      expect(Object.values(refusals).length).toBeGreaterThan(3);
      expect(refusals).toEqual(Object.fromEntries(Object.keys(refusals).map((path) => [path, 403])));
    });
  }
});
