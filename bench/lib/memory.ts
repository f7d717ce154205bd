import fs from "node:fs";
import { log, round } from "./common";
import { loadTool } from "./tools";

/**
 * Whether the server holds on to memory as it serves: its resident memory after 1,000 requests and after 10,000,
 * each read after a short pause. The requests go round the public pages with varied searches, filters, pages and
 * visitors (browser strings), so anything kept per URL or per visitor would show as growth.
 */
export const MEMORY_SETTINGS = { connections: 10, firstRequests: 1_000, totalRequests: 10_000, settleMs: 3_000 };

export type MemoryResult = {
  requests: { after: number; rssMb: number }[];
  /** RSS after all requests ÷ RSS after the first 1,000. */
  growth: number;
  errors: number;
};

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

export async function measureMemory(origin: string, pid: number): Promise<MemoryResult> {
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
  readings.push({ after: MEMORY_SETTINGS.firstRequests, rssMb: residentMb(pid) });
  log(
    `  ${readings[0]!.rssMb} MB resident; ${(MEMORY_SETTINGS.totalRequests - MEMORY_SETTINGS.firstRequests).toLocaleString("en-US")} more requests …`,
  );
  await send(MEMORY_SETTINGS.totalRequests - MEMORY_SETTINGS.firstRequests);
  await new Promise((resolve) => setTimeout(resolve, MEMORY_SETTINGS.settleMs));
  readings.push({ after: MEMORY_SETTINGS.totalRequests, rssMb: residentMb(pid) });
  const growth = round(readings[1]!.rssMb / readings[0]!.rssMb, 3);
  log(`  ${readings[1]!.rssMb} MB resident after ${MEMORY_SETTINGS.totalRequests.toLocaleString("en-US")} (×${growth}), ${errors} errors`);
  return { requests: readings, growth, errors };
}
