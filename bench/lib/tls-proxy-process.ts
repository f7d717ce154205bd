import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { HOST } from "./common";

/**
 * The TLS + HTTP/2 proxy of tls-proxy.ts, run as a process of its own so its work is not done on the bench's event
 * loop (which drives Lighthouse). Usage: `tls-proxy-process.ts <app port>`; prints `listening <port>` once ready.
 */

/** Headers that belong to one hop of HTTP/1.1 and may not travel over HTTP/2. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "http2-settings"]);

/** A self-signed certificate for 127.0.0.1 (OpenSSL, as Debian has it), in a temporary folder. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-bench-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"],
        ...["-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"), "-subj", "/CN=localhost"],
        ...["-addext", `subjectAltName=IP:${HOST},DNS:localhost`],
      ],
      { stdio: "ignore", timeout: 20_000 },
    );
    return { key: fs.readFileSync(path.join(dir, "key.pem")), cert: fs.readFileSync(path.join(dir, "cert.pem")) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const targetPort = Number(process.argv[2]);
if (!Number.isInteger(targetPort) || targetPort <= 0) throw new Error("usage: tls-proxy-process.ts <app port>");

const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true });
server.on("request", (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) headers[name] = value;
  headers.host = req.headers[":authority"] ?? req.headers.host;
  const upstream = http.request({ host: HOST, port: targetPort, method: req.method, path: req.url, headers }, (answer) => {
    const out: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
    res.writeHead(answer.statusCode ?? 502, out);
    answer.pipe(res);
  });
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
server.listen(0, HOST, () => process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`));
// The bench ends the proxy with SIGTERM, or by going away (its stdin closes).
process.stdin.on("end", () => process.exit(0)).resume();
