/** The few fields of a Chromium trace event this reads. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown>;
};

/**
 * The page's main thread in its long tasks after the first paint: time on the clock (`clockMs`) and time it actually ran
 * on a CPU (`cpuMs`), from the trace of one Lighthouse run.
 *
 * Lighthouse's blocking time comes from the clock: it takes each task's duration as traced, times its 4× CPU
 * slowdown, and counts what passes 50 ms. A task is long for it from 12.5 ms on the clock, whatever the thread did in
 * that time. On some machines (a virtual machine whose host hands it fresh memory slowly) the renderer's thread spends
 * most of such a task off the CPU: a 79 ms task that ran 3 ms. Comparing the two figures tells a page that works too
 * hard from a machine that stalls it; both are measured, neither is corrected.
 */
export type MainThreadTime = { clockMs: number; cpuMs: number };

/** Lighthouse's 4× slowdown turns a task of 12.5 ms into one of 50 ms, the length from which a task blocks. */
const LONG_TASK_US = 12_500;

export function mainThreadTime(traceEvents: readonly TraceEvent[], pageUrl: string): MainThreadTime | undefined {
  const origin = new URL(pageUrl).origin;
  // The renderer that parsed the audited page (a trace also holds the browser's own pages, such as about:blank).
  const parsed = traceEvents.find((event) => event.name === "ParseHTML" && String(readUrl(event)).startsWith(origin));
  if (!parsed) return undefined;
  const firstPaint = traceEvents.find((event) => event.name === "firstContentfulPaint" && event.pid === parsed.pid && event.ts >= parsed.ts);
  if (!firstPaint) return undefined;
  let clock = 0;
  let cpu = 0;
  for (const event of traceEvents) {
    if (event.name !== "RunTask" || event.ph !== "X" || event.pid !== parsed.pid || event.tid !== parsed.tid) continue;
    if ((event.dur ?? 0) < LONG_TASK_US || event.ts + (event.dur ?? 0) <= firstPaint.ts) continue;
    // Without thread timing in the trace there is no CPU figure to set beside the clock's.
    if (event.tdur === undefined) return undefined;
    clock += event.dur ?? 0;
    cpu += event.tdur;
  }
  return { clockMs: Math.round(clock / 1000), cpuMs: Math.round(cpu / 1000) };
}

function readUrl(event: TraceEvent): unknown {
  const beginData = event.args?.beginData as { url?: unknown } | undefined;
  return beginData?.url;
}
