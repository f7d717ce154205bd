import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_DIR, httpGet, httpPostForm, startProductionServer, type ProductionServer } from "../tests/setup/production-server";
import { concrete, ROUTE_PATHS } from "../tests/setup/route-paths";

/**
 * Runs the real production server (the build made by `npm test` before the unit tests) as a child
 * process, the way `npm start` does, and checks what an operator relies on.
 */
const hasBuild = fs.existsSync(path.join(BUILD_DIR, "server/host.js"));

// Request lines are logged at info level: one test reads them.
const startServer = (extraEnv: Record<string, string> = {}) => startProductionServer({ LOG_LEVEL: "info", ...extraEnv });
const get = (port: number, pathname: string, headers: Record<string, string> = {}) => httpGet(port, pathname, headers, "latin1");
const post = httpPostForm;

describe.skipIf(!hasBuild)("production server", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startServer();
  }, 60_000);
  afterAll(() => server?.stop());

  it("prints the address it serves on", () => {
    expect(server.output()).toContain(`White Streams is running at http://localhost:${server.port}`);
  });

  it("answers /healthz with the database status", async () => {
    const response = await get(server.port, "/healthz");
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ status: "ok", database: "up" });
  });

  it("compresses pages, writes JSON request logs and hides X-Powered-By", async () => {
    const response = await get(server.port, "/about", { "Accept-Encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["x-powered-by"]).toBeUndefined();
    await expect.poll(() => server.output()).toMatch(/\{"level":30,[^\n]*"url":"\/about"[^\n]*"statusCode":200/);
  });

  it("serves fingerprinted assets with immutable caching", async () => {
    const page = await get(server.port, "/");
    const asset = page.body.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await get(server.port, asset!);
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toContain("immutable");
    expect(response.headers["cache-control"]).toContain("max-age=31536000");
  });

  it("sends the build's brotli and gzip copies of a script, each decoding to the script itself", async () => {
    const page = await get(server.port, "/");
    // The framework file (React, React DOM, React Router): large enough to have compressed copies (vite.chunks.ts).
    const asset = page.body.match(/\/assets\/framework-[\w-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const plain = await get(server.port, asset!);
    const brotli = await get(server.port, asset!, { "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await get(server.port, asset!, { "Accept-Encoding": "gzip" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toContain("javascript");
    expect(brotli.headers.vary).toContain("Accept-Encoding");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    // The copies written at build time, byte for byte: a per-request compressor would answer in chunks.
    expect(Number(brotli.headers["content-length"])).toBe(fs.statSync(path.join(BUILD_DIR, "client", `${asset}.br`)).size);
    expect(zlib.brotliDecompressSync(Buffer.from(brotli.body, "latin1")).toString("latin1")).toBe(plain.body);
    expect(zlib.gunzipSync(Buffer.from(gzip.body, "latin1")).toString("latin1")).toBe(plain.body);
  });

  it("sends browsers React Router's production build, without its development checks and console warnings", async () => {
    const page = await get(server.port, "/");
    const framework = await get(server.port, page.body.match(/\/assets\/framework-[\w-]+\.js/)![0]);
    expect(framework.status).toBe(200);
    // React Router's own code is there (its router), but not the warnings only its development build carries.
    // (Booleans, so a failure names the text instead of printing the whole file.)
    expect(framework.body.includes("useNavigate"), "React Router's code in the framework file").toBe(true);
    for (const warning of ["You rendered descendant <Routes>", "No routes matched location"]) {
      expect(framework.body.includes(warning), `React Router's development warning "${warning}…"`).toBe(false);
    }
  });

  it("finishes in-flight requests on SIGTERM, refuses new ones, and exits 0", async () => {
    // A request whose body is still arriving when the signal comes.
    const inFlight = new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          path: "/about",
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "10" },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.write("a=12");
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => request.end("345678"), 400);
      }, 200);
    });
    const status = await inFlight;
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    expect(await server.exited).toBe(0);
    await expect(get(server.port, "/healthz")).rejects.toThrow();
    expect(server.output()).toContain("shutting down");
  }, 20_000);
});

describe.skipIf(!hasBuild)("the first page after a start", () => {
  it("is written whole, each part in its place, so it shows without JavaScript and is kept whole for the next visitors", async () => {
    // The server loads the app on this very request; its deferred parts' code arrives while it renders.
    const server = await startServer();
    try {
      const phone = {
        "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0 Mobile Safari/537.36",
      };
      for (const page of [await get(server.port, "/", phone), await get(server.port, "/", phone)]) {
        expect(page.status).toBe(200);
        // A part React finished late is written after the page, hidden, for a script to move in. The router's own data
        // scripts travel that way; markup must not.
        expect(page.body.match(/<div hidden id="S:\d+"><(?!script)[^>]*>/g)).toBeNull();
        const routerScripts = page.body.indexOf("window.__reactRouterContext");
        for (const part of ['id="categories-heading"', 'id="leadership-heading"', "<footer"]) {
          expect(page.body.indexOf(part), part).toBeGreaterThan(0);
          expect(page.body.indexOf(part), part).toBeLessThan(routerScripts);
        }
      }
    } finally {
      server.stop();
    }
  }, 60_000);
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!hasBuild || !adminUrl)("production server when PostgreSQL goes away", () => {
  const name = `ws_down_${Date.now()}`;
  let server: ProductionServer;
  let staffCookie = "";
  const admin = () => new pg.Client({ connectionString: adminUrl });
  async function sql(text: string) {
    const client = admin();
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }
  beforeAll(async () => {
    await sql(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    server = await startServer({ DATABASE_URL: url.toString() });
    // A member of staff, signed in before the outage.
    const token = /\/setup\?token=([\w-]+)/.exec(server.output())![1]!;
    const password = "signed in before the outage";
    const setup = await post(
      server.port,
      "/setup",
      { token, email: "outage@example.test", name: "Outage Owner", password, confirm: password },
      { Origin: `http://127.0.0.1:${server.port}` },
    );
    staffCookie = (setup.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
  }, 60_000);
  afterAll(async () => {
    server?.stop();
    await sql(`update pg_database set datallowconn = true where datname = '${name}'`);
    await sql(`drop database if exists ${name} with (force)`);
  });

  it("reports the database down on /healthz, shows the fallback screen, and recovers", async () => {
    expect((await get(server.port, "/healthz")).status).toBe(200);
    expect((await get(server.port, "/edit", { Accept: "text/html", Cookie: staffCookie })).status).toBe(200);
    await sql(`update pg_database set datallowconn = false where datname = '${name}'`);
    await sql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);

    const health = await get(server.port, "/healthz");
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: "degraded", database: "down" });
    // Data pages say so plainly, with a time to come back, rather than an error.
    const page = await get(server.port, "/cars");
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("30");
    expect(page.body).toContain("We will be back in a moment");
    expect(page.body).not.toContain("Unexpected Application Error!");
    // Styled by its one <style>, which the CSP lets through by this response's nonce (no 'unsafe-inline').
    const styleNonce = /<style nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(styleNonce).toBeTruthy();
    expect(page.headers["content-security-policy"]).toContain(`style-src 'self' 'nonce-${styleNonce}';`);

    // So does everything else that reads the database, with caches still cold: pages, their data requests,
    // resources (sitemaps, brochures, link previews, the hearts' form), each with the security headers.
    const outage = (answer: { status: number; headers: http.IncomingHttpHeaders }, what: string) => {
      expect(answer.status, what).toBe(503);
      expect(answer.headers["retry-after"], what).toBe("30");
      expect(answer.headers["cache-control"], what).toBe("no-store");
      expect(answer.headers["content-security-policy"], what).toMatch(/default-src/);
      expect(answer.headers["x-content-type-options"], what).toBe("nosniff");
    };
    for (const path of [
      "/",
      "/about",
      "/contact",
      "/cars/bugatti-chiron-2019",
      "/shortlist",
      "/cars.data",
      "/cars/bugatti-chiron-2019.data",
      "/sitemap.xml",
      "/sitemaps/listings-1.xml",
      "/cars/bugatti-chiron-2019/brochure.pdf",
      "/social/cars/bugatti-chiron-2019.jpg",
    ]) {
      outage(await get(server.port, path, { Accept: "text/html" }), path);
    }
    // A signed-in member of staff is told the same, where they are, rather than sent home as if signed out.
    for (const path of ["/edit", "/edit/enquiries", "/edit/account", "/edit.data"]) {
      outage(await get(server.port, path, { Accept: "text/html", Cookie: staffCookie }), `${path} signed in`);
    }
    const origin = `http://127.0.0.1:${server.port}`;
    outage(
      await post(server.port, "/shortlist/items", { intent: "add", listing: "bugatti-chiron-2019" }, { Origin: origin }),
      "POST /shortlist/items",
    );
    outage(await post(server.port, "/contact", { name: "Down" }, { Origin: origin, Accept: "text/html" }), "POST /contact");
    // Every route of the table, as a page and as a data request: never a 500, and a 503 always says when to come back.
    for (const route of ROUTE_PATHS) {
      for (const path of [concrete(route), `${concrete(route)}.data`]) {
        const answer = await get(server.port, path, { Accept: "text/html" });
        expect(answer.status, path).not.toBe(500);
        if (answer.status === 503) expect(answer.headers["retry-after"], path).toBe("30");
      }
    }

    await sql(`update pg_database set datallowconn = true where datname = '${name}'`);
    await expect.poll(async () => (await get(server.port, "/healthz")).status, { timeout: 10_000 }).toBe(200);
    expect((await get(server.port, "/cars")).status).toBe(200);
    expect((await get(server.port, "/sitemap.xml")).status).toBe(200);
  }, 120_000);
});
