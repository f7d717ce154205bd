import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionServer, type ProductionServer } from "../tests/setup/production-server";
import { concrete, ROUTE_PATHS } from "../tests/setup/route-paths";

/**
 * The audit's route walk: every route in app/routes.ts, public and admin, signed out and as an Owner, gets the
 * malformed requests an attacker sends (a NUL byte in the query and in the path, broken escapes, repeated query
 * keys, methods a page does not take, bodies that are not forms, an empty body, a JSON-escaped NUL in form fields,
 * a file sent to a form, a host that is not one, malformed and oversized cookies, an overlong address) and must
 * answer with a 4xx or a page, never a 5xx and never silence. A new route is walked as soon as it is in the route
 * table.
 */
type Answer = { status: number; body: string };

// A request that gets no answer is a finding too: it fails with its name instead of stalling the whole walk.
const REQUEST_TIMEOUT_MS = 15_000;

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      // The live bell's stream never ends: its status is the answer.
      if (/text\/event-stream/.test(res.headers["content-type"] ?? "")) {
        res.destroy();
        return resolve({ status: res.statusCode ?? 0, body: "" });
      }
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    request.on("error", reject);
    request.end(body);
  });
}

const BOUNDARY = "----route-walk-boundary";

type Probe = { name: string; method: string; path: (route: string) => string; headers?: Record<string, string>; body?: string };
const PROBES: Probe[] = [
  { name: "NUL in the query", method: "GET", path: (route) => `${concrete(route)}?q=%00&page=%00` },
  { name: "NUL in the path", method: "GET", path: (route) => (route.includes(":") || route.endsWith("*") ? concrete(route, "%00") : `${route}%00`) },
  {
    name: "repeated query keys",
    method: "GET",
    path: (route) => `${concrete(route)}?page=2&page=x&sort=price-desc&sort=1&q=a&q=b&category=cars&category=%ff&price=1-2&price=z`,
  },
  { name: "broken escape", method: "GET", path: (route) => `${concrete(route)}?q=%E0%A4%A` },
  ...["PUT", "PATCH", "DELETE", "TRACE"].map((method) => ({ name: method, method, path: concrete })),
  { name: "JSON body", method: "POST", path: concrete, headers: { "Content-Type": "application/json" }, body: '{"intent":"delete","id":1}' },
  { name: "plain-text body", method: "POST", path: concrete, headers: { "Content-Type": "text/plain" }, body: "intent=delete" },
  { name: "empty form body", method: "POST", path: concrete, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" },
  { name: "no content type", method: "POST", path: concrete, body: "a=1" },
  // Text a form field may hold that JSON.parse turns into a NUL (ids, orders): it must never reach the database.
  {
    name: "JSON-escaped NUL in form fields",
    method: "POST",
    path: concrete,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "save",
      ids: '["a\\u0000b"]',
      id: "a\\u0000b",
      alt: "a\\u0000b",
      _action: "photo-reorder",
      list: '["a\\u0000b"]',
      email: "a\\u0000b@example.test",
    }).toString(),
  },
  {
    name: "a file sent to a form",
    method: "POST",
    path: concrete,
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: [
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nnot a name\r\n`,
      `--${BOUNDARY}--\r\n`,
    ].join(""),
  },
  ...["a b", "[::1", "a%zz", "user@evil.example", "evil.example:port"].map((host) => ({
    name: `Host: ${host}`,
    method: "GET",
    path: concrete,
    headers: { Host: host },
  })),
  { name: "broken escape in the path", method: "GET", path: (route) => `${concrete(route)}%E0%A4%A` },
  { name: "a lone % in the path", method: "GET", path: (route) => `${concrete(route)}/%` },
  ...[
    "%",
    "ws_shortlist=%E0%A4%A",
    "ws_currency=%ff; ws_shortlist=bm90IGpzb24",
    `ws_shortlist=${"a".repeat(8 * 1024)}`,
    "=;;;=; better-auth.session_token=%zz",
  ].map((cookie) => ({
    name: `Cookie: ${cookie.slice(0, 40)}`,
    method: "GET",
    path: concrete,
    headers: { Cookie: cookie },
  })),
  { name: "a 20 KB address", method: "GET", path: (route) => `${concrete(route)}?q=${"a".repeat(20 * 1024)}` },
  {
    name: "repeated form fields",
    method: "POST",
    path: concrete,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=x&intent=y&name=a&name=b&email=%00&page=-1",
  },
];

describe("route walk with malformed requests", () => {
  let server: ProductionServer;
  let ownerCookie = "";
  beforeAll(async () => {
    server = await startProductionServer();
    const token = server.output().match(/\/setup\?token=([\w-]+)/)![1]!;
    const password = "walk every route 2026";
    const setup = await send(
      server.port,
      "POST",
      "/setup",
      { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${server.port}` },
      new URLSearchParams({ token, email: "walker@example.test", name: "Walker", password, confirm: password }).toString(),
    );
    expect(setup.status).toBe(302);
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      http
        .request(
          {
            host: "127.0.0.1",
            port: server.port,
            path: "/sign-in",
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${server.port}` },
          },
          resolve,
        )
        .end(new URLSearchParams({ email: "walker@example.test", password }).toString()),
    );
    response.resume();
    ownerCookie = (response.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
    expect(ownerCookie).toContain("session_token");
  }, 180_000);
  afterAll(() => server?.stop());

  it("knows the routes it walks", () => {
    expect(ROUTE_PATHS).toEqual(expect.arrayContaining(["/", "/contact", "/:category/:id", "/edit", "/edit/listings/:id", "/sign-in"]));
  });

  it("answers a plain GET of every route, as an Owner, with a page, a redirect or a refusal that says why, never the router's bare error", async () => {
    const findings: string[] = [];
    for (const route of ROUTE_PATHS.filter((path) => path !== "/sign-out")) {
      for (const accept of ["text/html", "application/json"]) {
        const answer = await send(server.port, "GET", concrete(route), { Accept: accept, Cookie: ownerCookie });
        // React Router's own answer to a GET at a route with no loader (400) and to anything unhandled.
        if (/Unexpected (Server|Application) Error/.test(answer.body))
          findings.push(`GET ${route} (${accept}) → ${answer.status}: ${answer.body.slice(0, 80)}`);
      }
    }
    expect(findings).toEqual([]);
  }, 120_000);

  for (const identity of ["signed out", "Owner"] as const) {
    it(`answers every route ${identity === "Owner" ? "as an Owner" : "signed out"} with 4xx or a page, never 5xx`, async () => {
      const { port } = server;
      const origin = `http://127.0.0.1:${port}`;
      // Signing out would end the walk's own session; the signed-out walk covers that route.
      const routesToWalk = identity === "Owner" ? ROUTE_PATHS.filter((route) => route !== "/sign-out") : ROUTE_PATHS;
      const requests = routesToWalk.flatMap((route) => PROBES.map((probe) => ({ route, probe })));
      const findings: string[] = [];
      // A few at a time: enough to finish quickly, few enough not to trip the public rate limits.
      const queue = [...requests];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const { route, probe } = next;
            const target = probe.path(route);
            const headers: Record<string, string> = { Accept: "text/html", Origin: origin, ...probe.headers };
            // The Owner's session goes first; a probe's own cookies follow it.
            if (identity === "Owner") headers.Cookie = [ownerCookie, probe.headers?.Cookie].filter(Boolean).join("; ");
            try {
              const answer = await send(port, probe.method, target, headers, probe.body);
              if (answer.status >= 500) findings.push(`${probe.method} ${target} (${probe.name}) → ${answer.status}: ${answer.body.slice(0, 120)}`);
            } catch (error) {
              findings.push(`${probe.method} ${target} (${probe.name}) → ${(error as Error).message}`);
            }
          }
        }),
      );
      expect(findings).toEqual([]);
      // The walk did not end the Owner's session or break the server.
      const dashboard = await send(
        port,
        "GET",
        "/edit",
        { Accept: "text/html", ...(identity === "Owner" ? { Cookie: ownerCookie } : {}) },
        undefined,
      );
      expect(dashboard.status).toBe(identity === "Owner" ? 200 : 302);
    }, 300_000);
  }
});
