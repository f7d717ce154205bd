import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * The import boundaries of docs/architecture.md ("Conventions") are lint rules; a rule that silently matches
 * nothing looks exactly like a clean tree, so each boundary is proven here on snippets linted in memory.
 */
const eslint = new ESLint({
  cwd: new URL("..", import.meta.url).pathname,
  // The snippets are not files of the TypeScript project; the boundary rules need no type information.
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId?.endsWith("no-restricted-imports")).map((message) => message.message);
}

describe("import boundaries", () => {
  it("components/ui imports nothing of the app", async () => {
    const file = "app/components/ui/probe.tsx";
    expect(await boundaryMessages(file, 'import { CATEGORIES } from "#app/domain/categories";\nexport const x = CATEGORIES;\n')).toEqual([
      expect.stringContaining("app-agnostic"),
    ]);
    expect(await boundaryMessages(file, 'import { X } from "../admin/thing";\nexport const x = X;\n')).toHaveLength(1);
    expect(await boundaryMessages(file, 'import { FormStatus } from "#app/components/ui/form-status";\nexport const x = FormStatus;\n')).toEqual([]);
  });

  it("components/ui imports no server module either", async () => {
    expect(
      await boundaryMessages("app/components/ui/probe.tsx", 'import type { Db } from "#app/db/client.server";\nexport type X = Db;\n'),
    ).not.toEqual([]);
  });

  it("domain/ imports no server code and no database, not even a type", async () => {
    const file = "app/domain/probe.ts";
    for (const source of [
      "#app/db/schema",
      "#app/db/client.server",
      "#app/models/listings.server",
      "#app/services/logger.server",
      "../db/schema",
      "node:crypto",
    ]) {
      expect(await boundaryMessages(file, `import type { X } from "${source}";\nexport type Y = X;\n`), source).not.toEqual([]);
    }
    expect(await boundaryMessages(file, 'import { CATEGORY_IDS } from "./category-ids";\nexport const x = CATEGORY_IDS;\n')).toEqual([]);
  });

  it("domain/ may take a UI library's types but not its code", async () => {
    const file = "app/domain/probe.ts";
    expect(await boundaryMessages(file, 'import type { SubmissionResult } from "@conform-to/react";\nexport type X = SubmissionResult;\n')).toEqual(
      [],
    );
    expect(await boundaryMessages(file, 'import { useForm } from "@conform-to/react";\nexport const x = useForm;\n')).not.toEqual([]);
  });

  it("a component imports no *.server module, even for a type", async () => {
    const file = "app/components/admin/probe.tsx";
    for (const source of ["#app/models/media.server", "#app/services/settings.server", "#app/db/client.server", "./thing.server"]) {
      expect(await boundaryMessages(file, `import type { X } from "${source}";\nexport type Y = X;\n`), source).toEqual([
        expect.stringContaining("Components run in the browser"),
      ]);
    }
    expect(await boundaryMessages(file, 'import type { MediaItem } from "#app/domain/media";\nexport type X = MediaItem;\n')).toEqual([]);
  });
});
