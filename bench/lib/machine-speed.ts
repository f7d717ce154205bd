import { spawnSync } from "node:child_process";
import { median, round } from "./common";

/** 256 MB: enough pages (65,536) for a steady figure, little enough to take a second or two on a slow machine. */
const BYTES = 256 * 1024 * 1024;
const PAGE = 4096;

/**
 * What it costs this machine to hand a process a fresh page of memory (µs per 4 KiB page, median of three): a child
 * Node.js touches 256 MB it has just allocated, one byte a page. Chromium faults in tens of megabytes for every page it
 * loads, so on a machine where this is slow (a virtual machine inside another) every CPU figure Lighthouse reports
 * (TBT, and through it the performance score) grows with it, whatever the page; the figure lets runs on different
 * machines be compared.
 */
export function pageFaultMicros(): number {
  const script = `const t = performance.now(); const b = Buffer.allocUnsafe(${BYTES}); for (let i = 0; i < b.length; i += ${PAGE}) b[i] = 1; process.stdout.write(String(((performance.now() - t) * 1000) / ${BYTES / PAGE}));`;
  const runs = [1, 2, 3].map(() => Number(spawnSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: 60_000 }).stdout));
  return round(median(runs.filter(Number.isFinite)), 2);
}
