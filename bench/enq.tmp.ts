import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENQUIRY_BENCH_ENV, measureEnquiries, startSmtpSink } from "./lib/enquiry";
import { startServer } from "./lib/server";

const pattern = (process.env.PATTERN ?? "spread") as "spread" | "burst";
const rounds = Number(process.env.ROUNDS ?? 1);
const extra = Object.fromEntries((process.env.ENV ?? "").split(",").filter(Boolean).map((kv) => kv.split("=")));
const sink = await startSmtpSink(3451);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "enq-"));
const server = await startServer({ port: 3450, dataDir, label: "enq", env: { ...ENQUIRY_BENCH_ENV, SMTP_URL: sink.url, ...extra }, nodeFlags: process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/st/eprof"] : [] });
try {
  for (let r = 0; r < rounds; r++) {
    const rows = await measureEnquiries(server.origin, "/cars/bugatti-chiron-2019", pattern);
    console.log("RESULT", pattern, rows.map((row) => row.p95Ms).join(" / "), "failed", rows.map((row) => row.errors).join("/"));
  }
} finally {
  await server.stop();
  await sink.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
