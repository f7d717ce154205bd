import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

/**
 * The production server as `npm run serve` starts it (the build must exist: `npm run build`), on a free port
 * and a fresh data folder, for tests that need the whole app with settings of their own.
 */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

export function assertBuildExists() {
  if (!fs.existsSync(path.join(BUILD_DIR, "server/host.js"))) {
    throw new Error(`No production build in ${BUILD_DIR}/: run \`npm run build\` first (npm test does).`);
  }
}

export type ProductionServer = { child: ChildProcess; port: number; exited: Promise<number | null>; output: () => string; stop: () => void };

export async function startProductionServer(extraEnv: Record<string, string> = {}): Promise<ProductionServer> {
  assertBuildExists();
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "ws-production-test-"));
  // The compiled host, as `npm run serve` runs it.
  const child = spawn(process.execPath, [path.join(BUILD_DIR, "server/host.js")], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", DATA_DIR: dataDir, BUILD_DIR, LOG_LEVEL: "warn", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
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
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    // A folder the caller handed in is the caller's to remove.
    if (!extraEnv.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { child, port, exited, output: () => output, stop };
}

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type HttpRequestOptions = {
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string | Buffer;
  /** `latin1` keeps a compressed body's bytes as they came. */
  encoding?: BufferEncoding;
  /** The client's own address (a loopback alias), and no shared connection, to appear as another visitor. */
  localAddress?: string;
  agent?: false;
};

/** One request on loopback, sent as written (Node's fetch would add headers of its own), answered whole. */
export function httpRequest(port: number, pathname: string, options: HttpRequestOptions = {}): Promise<HttpAnswer> {
  const { method = "GET", headers, body, encoding = "utf8", localAddress, agent } = options;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: pathname, method, headers, localAddress, agent }, (res) => {
      let text = "";
      res.setEncoding(encoding);
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** A GET on loopback; `latin1` keeps a compressed body's bytes as they came. */
export function httpGet(port: number, pathname: string, headers: Record<string, string> = {}, encoding: BufferEncoding = "utf8") {
  return httpRequest(port, pathname, { headers, encoding });
}

/** A form posted as a browser without JavaScript posts it (URL-encoded); `headers` add to that or replace it. */
export function httpPostForm(port: number, pathname: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(form).toString();
  return httpRequest(port, pathname, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body });
}
