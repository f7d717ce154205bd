/**
 * A tiny HTTP server on loopback standing in for an outside API (Turnstile's siteverify, EmailJS's
 * send endpoint). Each test decides the answer; every request is recorded with its parsed body.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type StubRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  contentType: string;
  body: string;
  form: URLSearchParams;
  json: unknown;
};
export type StubReply = {
  status?: number;
  json?: unknown;
  text?: string;
  /** Raw bytes (e.g. a generated image), sent with `headers`. */
  body?: Buffer;
  headers?: Record<string, string>;
  /** Waits this long before answering (a slow server). */
  delayMs?: number;
  destroy?: boolean;
};

export type HttpStub = {
  url: string;
  requests: StubRequest[];
  reply: (request: StubRequest) => StubReply;
  stop(): Promise<void>;
};

export async function startHttpStub(reply: (request: StubRequest) => StubReply = () => ({ status: 200, text: "OK" })): Promise<HttpStub> {
  const requests: StubRequest[] = [];
  const stub: HttpStub = { url: "", requests, reply, stop: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const contentType = req.headers["content-type"] ?? "";
      let json: unknown;
      if (contentType.includes("json")) json = JSON.parse(body);
      const request: StubRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        contentType,
        body,
        form: new URLSearchParams(body),
        json,
      };
      requests.push(request);
      const answer = stub.reply(request);
      const send = () => {
        if (answer.destroy) {
          req.socket.destroy();
          return;
        }
        if (answer.body) {
          res.writeHead(answer.status ?? 200, { "Content-Length": String(answer.body.length), ...answer.headers });
          res.end(answer.body);
          return;
        }
        res.writeHead(answer.status ?? 200, { "Content-Type": answer.json !== undefined ? "application/json" : "text/plain", ...answer.headers });
        res.end(answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? ""));
      };
      if (answer.delayMs) {
        const timer = setTimeout(send, answer.delayMs);
        res.on("close", () => clearTimeout(timer));
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}

/**
 * Turnstile's siteverify as Cloudflare documents it: a token passes once, for the hostname and action
 * it was issued for; a reused token fails with timeout-or-duplicate.
 */
export async function startTurnstileStub(tokens: Record<string, { hostname: string; action: string }>): Promise<HttpStub> {
  const used = new Set<string>();
  return startHttpStub(({ form }) => {
    const token = form.get("response") ?? "";
    if (form.get("secret") !== "test-secret") return { json: { success: false, "error-codes": ["invalid-input-secret"] } };
    const issued = tokens[token];
    if (!issued) return { json: { success: false, "error-codes": ["invalid-input-response"] } };
    if (used.has(token)) return { json: { success: false, "error-codes": ["timeout-or-duplicate"] } };
    used.add(token);
    return { json: { success: true, hostname: issued.hostname, action: issued.action, challenge_ts: new Date().toISOString() } };
  });
}
