import { describe, expect, it } from "vitest";
import { progressReporter, type ProgressStream } from "./import-progress";

/** A stream that keeps what is written to it; a terminal or not, as the test says. */
function captured(isTTY: boolean): ProgressStream & { text: () => string } {
  const chunks: string[] = [];
  return { isTTY, write: (chunk: string) => chunks.push(chunk), text: () => chunks.join("") };
}

const events = [
  { kind: "start", total: 3 },
  { kind: "settled", url: "https://example.test/a.jpg", outcome: "imported", done: 1, total: 3 },
  { kind: "settled", url: "https://example.test/b.jpg", outcome: "failed", error: "HTTP 404", done: 2, total: 3 },
  { kind: "settled", url: "https://example.test/c.jpg", outcome: "already imported", done: 3, total: 3 },
] as const;

describe("images:import progress", () => {
  it("writes one plain line per picture when its stream is not a terminal (a pipe, a CI log, a file)", () => {
    const stream = captured(false);
    const reporter = progressReporter(stream);
    for (const event of events) reporter.onProgress(event);
    reporter.finish();
    expect(stream.text()).toBe(
      [
        "3 remote pictures referenced",
        "[1/3] imported: https://example.test/a.jpg",
        "[2/3] failed: https://example.test/b.jpg (HTTP 404)",
        "[3/3] already imported: https://example.test/c.jpg",
        "",
      ].join("\n"),
    );
  });

  it("draws the bar on that same stream when it is a terminal, with no plain lines", () => {
    const stream = Object.assign(captured(true), { columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
    const reporter = progressReporter(stream);
    for (const event of events) reporter.onProgress(event);
    reporter.finish();
    expect(stream.text()).toContain("importing [");
    expect(stream.text()).toContain("3/3 pictures · 1 failed");
    expect(stream.text()).not.toContain("remote pictures referenced");
  });
});
