import cliProgress from "cli-progress";
import type { ImportProgress } from "#app/services/image-import.server";

/** Where progress goes: a terminal or a pipe/file (only what the reporter needs of a stream). */
export type ProgressStream = { isTTY?: boolean; write(text: string): unknown };

export type ProgressReporter = { onProgress: (event: ImportProgress) => void; finish: () => void };

/**
 * The import's progress on one stream (stderr for `npm run images:import`, so its summary on stdout stays clean):
 * a bar when that very stream is a terminal, one plain line per picture otherwise (CI logs, a redirected file).
 * The choice is made on the stream the bar would draw on, never on another one.
 */
export function progressReporter(stream: ProgressStream): ProgressReporter {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: "  importing [{bar}] {value}/{total} pictures · {failed} failed",
        hideCursor: true,
        clearOnComplete: false,
        stream: stream as NodeJS.WritableStream,
      },
      cliProgress.Presets.shades_classic,
    );
    let failed = 0;
    let started = false;
    return {
      onProgress(event) {
        if (event.kind === "start") {
          bar.start(event.total, 0, { failed });
          started = true;
        } else {
          if (event.outcome === "failed") failed += 1;
          bar.update(event.done, { failed });
        }
      },
      finish() {
        if (started) bar.stop();
        started = false;
      },
    };
  }
  return {
    onProgress(event) {
      if (event.kind === "start") stream.write(`${event.total} remote pictures referenced\n`);
      else stream.write(`[${event.done}/${event.total}] ${event.outcome}: ${event.url}${event.error ? ` (${event.error})` : ""}\n`);
    },
    finish: () => undefined,
  };
}
