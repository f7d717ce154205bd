import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { drainOnceWhereAdded } from "./compression-drain";

/**
 * A large streamed answer through compression(), written the way React Router writes every answer: 40 chunks of
 * 144 KB (an enquiry export's pages of 500 rows), each more than the compressor takes at once, so each waits for
 * "drain". What an operator would see is Node's warning in the log, and what the client gets is the whole file.
 */
const PAGE = new TextEncoder().encode("CSV-0001,2026-11-29 10:00,Jose Garcia,jose@example.com,Please call me.\r\n".repeat(2_000));
const PAGES = 40;

function exportServer(): Promise<http.Server> {
  const app = express();
  app.use(compression());
  app.use(drainOnceWhereAdded);
  app.get("/export.csv", async (_request, response) => {
    response.setHeader("Content-Type", "text/csv; charset=utf-8");
    let written = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (written++ < PAGES) controller.enqueue(PAGE);
        else controller.close();
      },
    });
    await writeReadableStreamToWritable(body, response);
  });
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/** The answer decompressed (brotli, as browsers ask for), with its Content-Encoding. */
function download(port: number): Promise<{ encoding: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/export.csv", headers: { "Accept-Encoding": "br" } }, (response) => {
        let bytes = 0;
        const body = response.pipe(zlib.createBrotliDecompress());
        body.on("data", (chunk: Buffer) => (bytes += chunk.length));
        body.on("end", () => resolve({ encoding: response.headers["content-encoding"], bytes }));
        body.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("a large streamed answer through compression()", () => {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  let server: http.Server;
  beforeEach(async () => {
    warnings.length = 0;
    process.on("warning", onWarning);
    server = await exportServer();
  });
  afterEach(async () => {
    process.off("warning", onWarning);
    await new Promise((resolve) => server.close(resolve));
  });

  it("arrives whole and compressed, and leaves no drain listeners gathering on the compressor (no MaxListenersExceededWarning)", async () => {
    const { encoding, bytes } = await download((server.address() as AddressInfo).port);
    expect(encoding).toBe("br");
    expect(bytes).toBe(PAGE.length * PAGES);
    // Node emits the warning on the next tick after the eleventh listener.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
  });
});
