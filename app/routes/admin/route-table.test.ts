import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { ACCOUNT_INTENTS } from "#app/domain/account-forms";
import { enquiryActionSchema } from "#app/domain/enquiry-admin-forms";
import { STAFF_INTENTS } from "#app/domain/staff-forms";
import { ADMIN_AREAS, canAccess, STAFF_ROLES, type AdminArea, type StaffRole } from "#app/domain/staff-roles";
import routes from "#app/routes";
import type { AppServices } from "#app/services/app-services.server";
import { sessionCookieFor } from "../../../tests/setup/staff-sessions";
import { openTestDatabase } from "../../../tests/setup/test-db";
import { contextFor, createTestServices, TEST_SITE as SITE } from "../../../tests/setup/test-services";

/**
 * Walks the real route table (app/routes.ts) and calls every loader and action under /edit as each kind of
 * visitor: signed out, a signed-in account without a staff role, and each staff role. Signed-out visitors and
 * non-staff are refused everywhere; each role gets in exactly where staff-roles.ts says and gets 403 elsewhere.
 * A new admin route that forgets its guard, or is missing from ROUTE_AREAS below, fails here.
 */
const ROUTE_AREAS: Record<string, AdminArea> = {
  "/edit": "dashboard",
  "/edit/*": "dashboard",
  "/edit/content": "content",
  "/edit/api/content-blocks": "content",
  "/edit/api/content/:key/image": "content",
  "/edit/media": "media",
  "/edit/api/media": "media",
  "/edit/enquiries": "enquiries",
  "/edit/enquiries/:id": "enquiries",
  "/edit/enquiries/export.csv": "enquiries",
  "/edit/enquiries/privacy": "enquiries",
  "/edit/enquiries/privacy/export": "enquiries",
  "/edit/events": "enquiries",
  "/edit/settings": "settings",
  "/edit/users": "users",
  "/edit/account": "account",
  "/edit/activity": "activity",
  "/edit/listings": "listings",
  "/edit/listings/new": "listings",
  "/edit/listings/order": "listings",
  "/edit/listings/:id": "listings",
  "/edit/api/listings/:id/photos": "listings",
};

const routeModules = import.meta.glob(["/app/routes/**/*.ts", "/app/routes/**/*.tsx", "!/app/routes/**/*.test.ts"]);

type FlatRoute = { path: string; file: string };

function flatten(entries: RouteConfigEntry[], parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    return [{ path: path || "/", file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

const adminRoutes = flatten(routes).filter((route) => route.path === "/edit" || route.path.startsWith("/edit/"));
// The layout wrapping /edit has no path of its own: find it as the parent file of the /edit routes.
const layoutFiles = new Set(routes.filter((entry) => entry.children?.some((child) => child.path?.startsWith("edit"))).map((entry) => entry.file));
const targets = [...adminRoutes, ...[...layoutFiles].map((file) => ({ path: "/edit", file }))];

const ZERO_ID = "00000000-0000-4000-8000-000000000000";
function concretePath(path: string) {
  return path.replace(/:(\w+)\??/g, ZERO_ID).replace(/\*$/, "anything/here");
}
function paramsFor(path: string) {
  const params: Record<string, string> = {};
  for (const match of path.matchAll(/:(\w+)/g)) params[match[1]!] = ZERO_ID;
  if (path.endsWith("*")) params["*"] = "anything/here";
  return params;
}

type Outcome = { status: number; location: string | null } | { data: unknown };

async function outcome(call: () => unknown): Promise<Outcome> {
  try {
    const result = await call();
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
    if (result && typeof result === "object" && "type" in result && (result as { type: string }).type === "DataWithResponseInit") {
      const init = (result as { init?: { status?: number } }).init;
      return { status: init?.status ?? 200, location: null };
    }
    return { data: result };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    if (error && typeof error === "object" && "type" in error && (error as { type: string }).type === "DataWithResponseInit") {
      return { status: (error as { init?: { status?: number } }).init?.status ?? 500, location: null };
    }
    throw error;
  }
}

/** A refusal: 401 or 403, or the redirect that sends a signed-out visitor away (to the home page or sign-in). */
function refused(result: Outcome): boolean {
  if ("data" in result) return false;
  return result.status === 401 || result.status === 403 || (result.status === 302 && (result.location === "/" || result.location === "/sign-in"));
}

/**
 * An answer that lets the caller in: data, or a status below 500 that is not a refusal (404 for an unknown id,
 * 400 for a form posted empty). A crash (500, returned or thrown) is never "in": it is a bug to fix.
 */
function admitted(result: Outcome): boolean {
  return "data" in result || (result.status < 500 && !refused(result));
}

/**
 * The forms each action tells apart, posted one by one with nothing else filled in: every one must refuse the
 * wrong roles and answer the right ones. Routes not listed take one form (or a file) and are posted once.
 */
const ROUTE_INTENTS: Record<string, { field?: string; values: readonly string[] }> = {
  "/edit/content": { values: ["create", "update"] },
  "/edit/media": { values: ["delete", "reorder"] },
  "/edit/enquiries/:id": { values: enquiryActionSchema.options.map((option) => option.shape.intent.value) },
  "/edit/enquiries/privacy": { values: ["find", "erase"] },
  "/edit/users": { values: STAFF_INTENTS },
  // Not "sign-out-everywhere": it would end the very session the later checks of this role run in.
  "/edit/account": { values: ACCOUNT_INTENTS.filter((intent) => intent !== "sign-out-everywhere") },
  "/edit/listings/order": { values: ["place", "move", "add", "remove"] },
  "/edit/listings/:id": { field: "_action", values: ["save", "photo-alt", "photo-cover", "photo-delete", "photo-reorder"] },
};

type Visitor = { name: string; role?: StaffRole | "user" };
const VISITORS: Visitor[] = [
  { name: "signed out" },
  { name: "non-staff account", role: "user" },
  ...STAFF_ROLES.map((role) => ({ name: role, role })),
];

describe("route table: every /edit loader and action checks the session and the role itself", () => {
  let handle: DatabaseHandle;
  let services: AppServices;
  let stop: () => Promise<void>;
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    ({ services, stop } = await createTestServices(handle));
    for (const visitor of VISITORS) {
      if (visitor.role)
        cookies.set(
          visitor.name,
          await sessionCookieFor(services, { email: `${visitor.name.replace(/\W/g, "-")}@example.test`, role: visitor.role }),
        );
    }
  });
  afterAll(async () => {
    await stop();
    await handle.close();
  });

  // The matrix written out, so a change to staff-roles.ts that opens an area to another role fails here too.
  it("gives each role exactly the areas of docs/decisions/0007", () => {
    const areasOf = (role: StaffRole) => ADMIN_AREAS.filter((area) => canAccess(role, area));
    expect(areasOf("owner")).toEqual([...ADMIN_AREAS]);
    expect(areasOf("editor")).toEqual(["dashboard", "account", "listings", "content", "media"]);
    expect(areasOf("sales")).toEqual(["dashboard", "account", "enquiries"]);
  });

  it("finds the admin routes, including the layout, and knows the area of each", () => {
    const paths = adminRoutes.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/edit",
        "/edit/content",
        "/edit/enquiries",
        "/edit/enquiries/:id",
        "/edit/api/content-blocks",
        "/edit/users",
        "/edit/*",
      ]),
    );
    expect(layoutFiles.size).toBe(1);
    const unknown = paths.filter((path) => !(path in ROUTE_AREAS));
    expect(unknown, "add each new /edit route to ROUTE_AREAS with the area it belongs to").toEqual([]);
  });

  for (const route of targets) {
    const area = ROUTE_AREAS[route.path] ?? "dashboard";
    for (const visitor of VISITORS) {
      const allowed = visitor.role !== undefined && canAccess(visitor.role, area);
      it(`${route.path} (${route.file}) as ${visitor.name}: ${allowed ? "answers" : "refuses"}`, async () => {
        const load = routeModules[`/app/${route.file}`];
        expect(load, `${route.file} is not a file under app/routes`).toBeDefined();
        const module = (await load!()) as { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };
        expect(module.loader ?? module.action, `${route.file} has neither loader nor action`).toBeDefined();
        const url = `${SITE}${concretePath(route.path)}`;
        const cookie = cookies.get(visitor.name);
        const headers = (accept: string, extra: Record<string, string> = {}) => ({ accept, ...(cookie ? { cookie } : {}), ...extra });
        const args = (request: Request) => ({ request, context: contextFor(services), params: paramsFor(route.path), unstable_pattern: route.path });
        const isApi = route.path.startsWith("/edit/api/");
        const signedIn = visitor.role !== undefined && visitor.role !== "user";

        if (module.loader) {
          const page = await outcome(() => module.loader!(args(new Request(url, { headers: headers("text/html") }))));
          if (allowed) expect(admitted(page), JSON.stringify(page)).toBe(true);
          else if (!signedIn) expect(page).toEqual(isApi ? { status: 401, location: null } : { status: 302, location: "/" });
          else expect(page).toEqual({ status: 403, location: null });
          if (!allowed) {
            const api = await outcome(() => module.loader!(args(new Request(url, { headers: headers("application/json") }))));
            expect(api).toEqual({ status: signedIn ? 403 : 401, location: null });
          }
        }
        if (module.action) {
          const { field = "intent", values = [undefined] } = ROUTE_INTENTS[route.path] ?? {};
          for (const value of values) {
            const body = new FormData();
            if (value !== undefined) body.set(field, value);
            const request = new Request(url, { method: "POST", body, headers: headers("*/*", { origin: SITE }) });
            const post = await outcome(() => module.action!(args(request)));
            const label = `${field}=${value ?? "(none)"}: ${JSON.stringify(post)}`;
            if (allowed) expect(admitted(post), label).toBe(true);
            else expect(post, label).toEqual({ status: signedIn ? 403 : 401, location: null });
          }
        }
      });
    }
  }
});
