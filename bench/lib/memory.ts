import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BENCH_DIR, log, round } from "./common";
import { loadTool } from "./tools";

/**
 * Whether the server holds on to memory as it serves: its resident memory after 1,000 requests and after 10,000,
 * each read after a short pause, as found and again after full garbage collections (forced through the inspector). The
 * requests go round the public pages with varied searches, filters, pages and visitors (browser strings), so anything
 * kept per URL or per visitor would show as growth. As found, the figure also holds garbage V8 has not collected yet
 * (it collects the old generation lazily, more so as the heap grows); after a collection it is what the server keeps.
 */
export const MEMORY_SETTINGS = { connections: 10, firstRequests: 1_000, totalRequests: 10_000, settleMs: 3_000 };

export type MemoryReading = {
  after: number;
  /** Resident memory as found. */
  rssMb: number;
  /** Resident memory after full garbage collections, and the V8 heap then in use. */
  collectedRssMb: number;
  heapUsedMb: number;
};

export type MemoryResult = {
  requests: MemoryReading[];
  /** RSS after full collections, after all requests ÷ after the first 1,000: what the server keeps (a leak shows here). */
  growth: number;
  /** The same, as found (garbage not collected yet included). */
  rawGrowth: number;
  errors: number;
};

/** The server's Node.js flag that lets the bench force collections (bench/lib/collect-garbage.ts). */
export const inspectFlag = (port: number) => `--inspect=127.0.0.1:${port}`;

function read(pid: number, inspectPort: number, after: number): MemoryReading {
  const rssMb = residentMb(pid);
  const output = execFileSync(
    process.execPath,
    ["--experimental-websocket", "--import", "tsx", path.join(BENCH_DIR, "lib/collect-garbage.ts"), String(inspectPort)],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 30_000,
    },
  );
  const { heapUsedMb } = JSON.parse(output) as { heapUsedMb: number };
  return { after, rssMb, collectedRssMb: residentMb(pid), heapUsedMb };
}

type AutocannonInstance = Promise<{ errors: number; timeouts: number; non2xx: number }>;
type AutocannonModule = { default: (options: Record<string, unknown>) => AutocannonInstance };

const ROUTES = [
  "/",
  "/cars",
  "/cars/bugatti-chiron-2019",
  "/real-estate?bedrooms=5",
  "/about",
  "/contact",
  "/jets",
  "/yachts?sort=newest",
  "/metals",
  "/cars/ferrari-f40-1990",
];
const SEARCHES = ["ferrari", "villa", "gold", "dubai", "2019", "jet", "yacht", "london", "blue", "sport"];

/** The n-th request's path: mostly the plain pages, every third one a search or filter that differs from the last. */
function pathFor(index: number): string {
  if (index % 3 !== 0) return ROUTES[index % ROUTES.length]!;
  const search = `${SEARCHES[index % SEARCHES.length]}${index % 7 === 0 ? ` ${index}` : ""}`;
  return `/cars?q=${encodeURIComponent(search)}&sort=${index % 2 ? "price-desc" : "featured"}`;
}

export function residentMb(pid: number): number {
  const kilobytes = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS for process ${pid}`);
  return round(Number(kilobytes) / 1024, 0);
}

export async function measureMemory(origin: string, pid: number, inspectPort: number): Promise<MemoryResult> {
  const { default: autocannon } = await loadTool<AutocannonModule>("autocannon");
  let counter = 0;
  let errors = 0;
  const send = async (amount: number) => {
    const result = await autocannon({
      url: origin,
      connections: MEMORY_SETTINGS.connections,
      amount,
      timeout: 15,
      requests: [
        {
          method: "GET",
          setupRequest: (request: Record<string, unknown>) => {
            const index = ++counter;
            return {
              ...request,
              path: pathFor(index),
              headers: { "accept-encoding": "gzip", "user-agent": `Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0 Visitor/${index}` },
            };
          },
        },
      ],
    });
    errors += result.errors + result.timeouts + result.non2xx;
  };
  const readings: MemoryResult["requests"] = [];
  log(`memory: ${MEMORY_SETTINGS.firstRequests.toLocaleString("en-US")} requests, ${MEMORY_SETTINGS.connections} connections …`);
  await send(MEMORY_SETTINGS.firstRequests);
  await new Promise((resolve) => setTimeout(resolve, MEMORY_SETTINGS.settleMs));
  readings.push(read(pid, inspectPort, MEMORY_SETTINGS.firstRequests));
  log(
    `  ${readings[0]!.rssMb} MB resident (${readings[0]!.collectedRssMb} MB after a full collection); ${(MEMORY_SETTINGS.totalRequests - MEMORY_SETTINGS.firstRequests).toLocaleString("en-US")} more requests …`,
  );
  await send(MEMORY_SETTINGS.totalRequests - MEMORY_SETTINGS.firstRequests);
  await new Promise((resolve) => setTimeout(resolve, MEMORY_SETTINGS.settleMs));
  readings.push(read(pid, inspectPort, MEMORY_SETTINGS.totalRequests));
  const [first, last] = [readings[0]!, readings[1]!];
  const growth = round(last.collectedRssMb / first.collectedRssMb, 3);
  const rawGrowth = round(last.rssMb / first.rssMb, 3);
  log(
    `  after ${MEMORY_SETTINGS.totalRequests.toLocaleString("en-US")}: ${last.collectedRssMb} MB after a full collection (×${growth}), ` +
      `${last.rssMb} MB as found (×${rawGrowth}), ${errors} errors`,
  );
  return { requests: readings, growth, rawGrowth, errors };
}
