import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Runs the real production server (the build made by `npm test` before the unit tests) as a child
 * process, the way `npm start` does, and checks what an operator relies on.
 */
const buildDir = process.env.BUILD_DIR ?? "build";
const hasBuild = fs.existsSync(path.join(buildDir, "server/index.js"));

type Server = { child: ChildProcess; port: number; exited: Promise<number | null>; output: () => string };

async function startServer(extraEnv: Record<string, string> = {}): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-server-test-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", DATA_DIR: dataDir, BUILD_DIR: buildDir, LOG_LEVEL: "info", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = output.match(/running at http:\/\/localhost:(\d+)/);
      if (match) {
        clearInterval(timer);
        resolve(Number(match[1]));
      }
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited early:\n${output}`));
    });
  });
  return { child, port, exited, output: () => output };
}

function get(port: number, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, headers }, (res) => {
        let body = "";
        res.setEncoding("latin1");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

describe.skipIf(!hasBuild)("production server", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer();
  }, 60_000);
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
  });

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

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!hasBuild || !adminUrl)("production server when PostgreSQL goes away", () => {
  const name = `ws_down_${Date.now()}`;
  let server: Server;
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
  }, 60_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    await sql(`update pg_database set datallowconn = true where datname = '${name}'`);
    await sql(`drop database if exists ${name} with (force)`);
  });

  it("reports the database down on /healthz, shows the fallback screen, and recovers", async () => {
    expect((await get(server.port, "/healthz")).status).toBe(200);
    await sql(`update pg_database set datallowconn = false where datname = '${name}'`);
    await sql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);

    const health = await get(server.port, "/healthz");
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: "degraded", database: "down" });
    const page = await get(server.port, "/cars");
    expect(page.status).toBe(500);
    expect(page.body).toContain("Unexpected Application Error!");

    await sql(`update pg_database set datallowconn = true where datname = '${name}'`);
    await expect.poll(async () => (await get(server.port, "/healthz")).status, { timeout: 10_000 }).toBe(200);
    expect((await get(server.port, "/cars")).status).toBe(200);
  }, 30_000);
});
