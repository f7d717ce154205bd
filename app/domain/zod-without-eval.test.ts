import { describe, expect, it } from "vitest";
import { config, z } from "zod";
import "./zod-without-eval";

describe("zod without eval", () => {
  it("is what zod itself reads, so it never tries new Function (which the CSP refuses)", () => {
    expect(config().jitless).toBe(true);
    const tried: string[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct: (target, args: string[]) => (tried.push(args.join()), Reflect.construct(target, args)),
      apply: (target, self, args: string[]) => (tried.push(args.join()), Reflect.apply(target, self, args)),
    });
    try {
      expect(z.object({ name: z.string() }).parse({ name: "Ada" })).toEqual({ name: "Ada" });
    } finally {
      globalThis.Function = original;
    }
    expect(tried).toEqual([]);
  });
});
