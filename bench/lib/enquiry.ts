import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { PgliteThread } from "#app/db/pglite-thread.server";
import { openDatabase } from "#app/db/client.server";
import { BENCH_DIR, ROOT, fetchText, log, percentile, round } from "./common";
import { loadTool } from "./tools";

/**
 * The enquiry POST under load: 50 visitors at once, each posting a valid enquiry of its own (a new submission id,
 * name and address per request), as the detail page's form and the Contact page's form send them with and without
 * JavaScript. The server runs with the per-IP limit lifted through its own setting (ENQUIRY_RATE_LIMIT), since every
 * request comes from 127.0.0.1, and with a local SMTP server, so each enquiry's notification is really sent.
 *
 * Each of the 50 clients posts one enquiry a second (50 a second in all, far beyond any real marketplace) for a few
 * seconds, and every answer is waited for; a timeout counts as failed. The server is left alone a few seconds before
 * the next form, so one form's backlog is not timed as the next one's. Two ways the 50 arrive, each on a server of
 * its own: as independent visitors do, spread over each second (client i starts i/50 s after the first), and all 50
 * in the same instant every second (autocannon's own schedule: the last of each burst waits for the 49 before it).
 */
export const ENQUIRY_SETTINGS = { connections: 50, perClientPerSecond: 1, durationSeconds: 6, warmupSeconds: 2, settleSeconds: 3 };
export type ArrivalPattern = "spread" | "burst";
export const ENQUIRY_PATTERNS: { name: string; pattern: ArrivalPattern }[] = [
  { name: "50 visitors spread over each second", pattern: "spread" },
  { name: "50 posts in the same instant, every second", pattern: "burst" },
];
/** Lifts the per-IP limit for the bench server (every bench request comes from 127.0.0.1). */
export const ENQUIRY_BENCH_ENV = { ENQUIRY_RATE_LIMIT: "1000000" };

export type EnquiryRow = {
  name: string;
  method: string;
  path: string;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Connection errors, timeouts, answers other than 200 (a refused or failed enquiry) and requests left unanswered. */
  errors: number;
  /** Of those, requests sent but still unanswered when the run ended. */
  unanswered: number;
  /**
   * CPU time the server process used (all its threads: requests, database, outbox) from the start of the form's run
   * until it had rested after it (so each enquiry's e-mails count too), per enquiry answered; absent where /proc is not.
   */
  cpuPerEnquiryMs?: number;
};

/** `answers`: the status a post that succeeded gets (a plain post is sent back to its page: 303). */
type Variant = { name: string; path: string; javascript: boolean; answers: 200 | 303; fields: (index: number) => Record<string, string> };

const person = (index: number) => ({
  name: `Bench Visitor ${index}`,
  email: `visitor${index}@example.com`,
  message: `Bench enquiry ${index}: please send the full specification and the viewing times.`,
  submission_id: randomUUID(),
});

export const ENQUIRY_VARIANTS = (listingPath: string): Variant[] => [
  // With JavaScript the form posts to the route's data URL (React Router's single fetch) and gets the answer as data.
  {
    name: "detail form, JavaScript",
    path: `${listingPath}.data`,
    javascript: true,
    answers: 200,
    fields: (index) => ({ ...person(index), contact_method: "email" }),
  },
  // Without JavaScript it is a plain form post, answered with a redirect to the page, which then says how it went.
  {
    name: "detail form, no JavaScript",
    path: listingPath,
    javascript: false,
    answers: 303,
    fields: (index) => ({ ...person(index), contact_method: "email" }),
  },
  {
    name: "/contact, JavaScript",
    path: "/contact.data",
    javascript: true,
    answers: 200,
    fields: (index) => ({ ...person(index), interest: "Cars" }),
  },
  { name: "/contact, no JavaScript", path: "/contact", javascript: false, answers: 303, fields: (index) => ({ ...person(index), interest: "Cars" }) },
];

type AutocannonResult = { requests: { average: number; sent?: number }; errors: number; timeouts: number };
type AutocannonInstance = Promise<AutocannonResult> & {
  on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
};
type AutocannonModule = { default: (options: Record<string, unknown>) => AutocannonInstance };

let counter = 0;

/** The kernel's clock ticks per second, the unit of /proc/PID/stat's CPU times (100 on Linux, in practice). */
let clockTicks: number | undefined;

/** CPU time (user and system, every thread) the process has used so far, in ms; undefined without /proc. */
function processCpuMs(pid: number): number | undefined {
  try {
    // The fields after the command's closing parenthesis start at the third (state): utime and stime are the 14th and 15th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return undefined;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, ENQUIRY_SETTINGS.settleSeconds * 1000));

/**
 * Each client sends `seconds` enquiries at its pace; autocannon then waits for every answer (or its 10 s timeout), so
 * no request is cut off by the end of the run.
 */
async function hammer(autocannon: AutocannonModule["default"], origin: string, variant: Variant, seconds: number) {
  const times: number[] = [];
  let failures = 0;
  const instance = autocannon({
    url: origin,
    connections: ENQUIRY_SETTINGS.connections,
    connectionRate: ENQUIRY_SETTINGS.perClientPerSecond,
    amount: ENQUIRY_SETTINGS.connections * ENQUIRY_SETTINGS.perClientPerSecond * seconds,
    timeout: 10,
    requests: [
      {
        method: "POST",
        path: variant.path,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "accept-encoding": "gzip",
          ...(variant.javascript ? { accept: "*/*" } : { accept: "text/html" }),
        },
        setupRequest: (request: Record<string, unknown>) => ({ ...request, body: new URLSearchParams(variant.fields(++counter)).toString() }),
      },
    ],
  });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    if (statusCode !== variant.answers) failures++;
  });
  const result = await instance;
  const unanswered = Math.max(0, (result.requests.sent ?? times.length) - times.length - result.errors - result.timeouts);
  return { times, failures: failures + result.errors + result.timeouts + unanswered, unanswered, reqPerSec: result.requests.average };
}

/** Checks that the variant's post is a valid enquiry the server accepts (not a 400 the bench would time as fast). */
async function checkAccepted(origin: string, variant: Variant): Promise<void> {
  const response = await fetch(`${origin}${variant.path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(variant.javascript ? {} : { accept: "text/html" }) },
    body: new URLSearchParams(variant.fields(++counter)),
    redirect: "manual",
  });
  // The data answer carries its status word; a plain post is sent to its page, which says "… has been sent" or "… received".
  const location = response.headers.get("location");
  const text = variant.javascript ? await response.text() : location ? (await fetchText(`${origin}${location}`)).text : "";
  const accepted = variant.javascript ? text.includes('"status","success"') : /has been (sent|received)/.test(text);
  if (response.status !== variant.answers || !accepted) {
    throw new Error(`${variant.name}: ${variant.path} answered ${response.status} without the success message`);
  }
}

/** One post on the client's own connection; resolves with the status once the whole answer has arrived (0: no answer). */
function post(origin: URL, agent: http.Agent, variant: Variant): Promise<number> {
  const body = new URLSearchParams(variant.fields(++counter)).toString();
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        path: variant.path,
        method: "POST",
        agent,
        timeout: 10_000,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "accept-encoding": "gzip",
          accept: variant.javascript ? "*/*" : "text/html",
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", () => resolve(0));
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
    request.end(body);
  });
}

/**
 * The same load as `hammer`, as independent visitors make it: client i first posts i/N of a second after the first
 * client, then once a second, each on its own kept-alive connection (a client whose answer is late posts again as
 * soon as it has it).
 */
async function spread(origin: string, variant: Variant, seconds: number) {
  const { connections, perClientPerSecond } = ENQUIRY_SETTINGS;
  const interval = 1000 / perClientPerSecond;
  const url = new URL(origin);
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  const runClient = async (client: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let sent = 0; sent < seconds * perClientPerSecond; sent++) {
        const due = started + (client / connections) * interval + sent * interval;
        await delay(Math.max(0, due - performance.now()));
        const at = performance.now();
        const status = await post(url, agent, variant);
        times.push(performance.now() - at);
        if (status !== variant.answers) failures++;
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, client) => runClient(client)));
  const elapsedSeconds = (performance.now() - started) / 1000;
  return { times, failures, unanswered: 0, reqPerSec: times.length / elapsedSeconds };
}

/** Sends a form's posts to `origin` for some seconds, arriving in `pattern`. */
async function loaderFor(origin: string, pattern: ArrivalPattern) {
  const { default: autocannon } = await loadTool<AutocannonModule>("autocannon");
  return (variant: Variant, seconds: number) =>
    pattern === "spread" ? spread(origin, variant, seconds) : hammer(autocannon, origin, variant, seconds);
}

/** `serverPid`: the server's process, whose CPU time is read before and after each form's run. */
export async function measureEnquiries(origin: string, serverPid: number, listingPath: string, pattern: ArrivalPattern): Promise<EnquiryRow[]> {
  const load = await loaderFor(origin, pattern);
  const rows: EnquiryRow[] = [];
  for (const variant of ENQUIRY_VARIANTS(listingPath)) {
    await checkAccepted(origin, variant);
    await load(variant, ENQUIRY_SETTINGS.warmupSeconds);
    await settle();
    log(`enquiry POST ${variant.name}, ${pattern}: ${ENQUIRY_SETTINGS.connections} clients for ${ENQUIRY_SETTINGS.durationSeconds} s …`);
    const cpuBefore = processCpuMs(serverPid);
    const { times, failures, unanswered, reqPerSec } = await load(variant, ENQUIRY_SETTINGS.durationSeconds);
    // The rest after the run lets the outbox send the run's e-mails, which are part of what an enquiry costs.
    await settle();
    const cpuAfter = processCpuMs(serverPid);
    const row: EnquiryRow = {
      name: variant.name,
      method: "POST",
      path: variant.path,
      requests: times.length,
      reqPerSec: round(reqPerSec, 0),
      p50Ms: times.length ? round(percentile(times, 50), 1) : Number.NaN,
      p95Ms: times.length ? round(percentile(times, 95), 1) : Number.NaN,
      maxMs: times.length ? round(Math.max(...times), 1) : Number.NaN,
      errors: failures,
      unanswered,
      ...(cpuBefore !== undefined && cpuAfter !== undefined && times.length
        ? { cpuPerEnquiryMs: round((cpuAfter - cpuBefore) / times.length, 2) }
        : {}),
    };
    log(
      `  ${row.requests} answered, ${row.reqPerSec}/s, p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms, failed ${row.errors} (${unanswered} unanswered), ` +
        `server CPU ${row.cpuPerEnquiryMs ?? "?"} ms per enquiry`,
    );
    rows.push(row);
  }
  return rows;
}

export type EnquiryFloor = { requests: number; p50Ms: number; p95Ms: number; maxMs: number };

/**
 * The same load as a form's run (its warm-up, then the timed seconds), against bench/lib/bare-answer-server.ts, which
 * answers every post at once: the time the load generator and loopback take by themselves in this arrival pattern.
 */
export async function measureEnquiryFloor(port: number, pattern: ArrivalPattern): Promise<EnquiryFloor> {
  const server = await startHelperProcess("bare-answer-server.ts", port);
  try {
    const origin = `http://127.0.0.1:${port}`;
    const variant = ENQUIRY_VARIANTS("/unused").find((candidate) => candidate.path === "/contact")!;
    const load = await loaderFor(origin, pattern);
    await load(variant, ENQUIRY_SETTINGS.warmupSeconds);
    const { times, failures } = await load(variant, ENQUIRY_SETTINGS.durationSeconds);
    if (failures > 0 || times.length === 0) throw new Error(`the enquiry floor server failed ${failures} of its posts`);
    const floor = {
      requests: times.length,
      p50Ms: round(percentile(times, 50), 1),
      p95Ms: round(percentile(times, 95), 1),
      maxMs: round(Math.max(...times), 1),
    };
    log(`enquiry floor, ${pattern}: a server that answers at once: p50 ${floor.p50Ms} ms, p95 ${floor.p95Ms} ms, max ${floor.maxMs} ms`);
    return floor;
  } finally {
    await server.stop();
  }
}

/** Enquiries the server stored and notifications it sent, read once it has stopped (PGlite opens in one process). */
export async function storedEnquiries(dataDir: string): Promise<{ stored: number; notificationsSent: number }> {
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  try {
    const client = handle.raw as PgliteThread;
    const stored = await client.query<{ count: number }>("select count(*)::int as count from contact_submissions");
    const sent = await client.query<{ count: number }>("select count(*)::int as count from email_outbox where sent_at is not null");
    return { stored: stored.rows[0]?.count ?? 0, notificationsSent: sent.rows[0]?.count ?? 0 };
  } finally {
    await handle.close();
  }
}

/** Starts bench/lib/smtp-sink.ts in its own process on `port`; resolves once it listens. */
export async function startSmtpSink(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const sink = await startHelperProcess("smtp-sink.ts", port);
  return { url: `smtp://127.0.0.1:${port}`, stop: () => sink.stop() };
}

/** Runs one of bench/lib's small servers (`tsx FILE PORT`) in its own process; resolves once it says it listens. */
async function startHelperProcess(file: string, port: number): Promise<{ stop(): Promise<void> }> {
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(BENCH_DIR, "lib", file), String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bench's ${file} exited (${code})`)));
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) resolve();
    });
  });
  return {
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
