import { spawn } from "node:child_process";
import path from "node:path";
import { HOST, ROOT } from "./common";

export type TlsProxy = { origin: string; stop(): Promise<void> };

/**
 * HTTPS with HTTP/2 in front of the site, as visitors get it through the TLS-terminating proxy or CDN of
 * docs/operations.md: it speaks HTTP/2 to the browser and passes every request on to the app over HTTP/1.1, unchanged
 * but for the hop-by-hop headers (tls-proxy-process.ts). The browser must be told to accept its self-signed
 * certificate. It runs in a process of its own: inside the bench's, its work would share the event loop that drives
 * Lighthouse and add to the blocking time measured, which should come from the protocol alone.
 */
export async function startTlsProxy(targetPort: number): Promise<TlsProxy> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/lib/tls-proxy-process.ts"), String(targetPort)], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`the TLS proxy stopped before it listened (exit ${code})`)));
  });
  return {
    origin: `https://${HOST}:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
