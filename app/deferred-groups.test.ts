import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFERRED_GROUPS } from "../vite.chunks";

/**
 * vite.chunks.ts names the deferred parts it puts in one file by path. A renamed or no longer deferred part would
 * silently fall back to Rolldown's many small files, so each name is checked against the tree.
 */
const ROOT = new URL("..", import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [relative] : [];
  });
}

/** Every module of app/ that some module loads with `import()`, as an "app/…" path. */
function dynamicallyImported(): Set<string> {
  const found = new Set<string>();
  for (const file of sourceFiles("app")) {
    for (const [, specifier = ""] of fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(/import\(\s*"([^"]+)"\s*\)/g)) {
      const base = specifier.startsWith("#app/") ? specifier.replace("#app/", "app/") : path.join(path.dirname(file), specifier);
      const match = [".tsx", ".ts"].map((extension) => base + extension).find((candidate) => fs.existsSync(path.join(ROOT, candidate)));
      if (match) found.add(match);
    }
  }
  return found;
}

describe("deferred groups (vite.chunks.ts)", () => {
  const deferred = dynamicallyImported();

  it.each(DEFERRED_GROUPS.flatMap(({ name, entries }) => entries.map((entry) => [name, entry])))(
    "%s: %s is a module loaded with import()",
    (_, entry) => {
      expect(fs.existsSync(path.join(ROOT, entry))).toBe(true);
      expect(deferred).toContain(entry);
    },
  );

  it("no part is in two groups", () => {
    const entries = DEFERRED_GROUPS.flatMap((group) => group.entries);
    expect(new Set(entries).size).toBe(entries.length);
  });
});
