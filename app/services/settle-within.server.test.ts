import { describe, expect, it } from "vitest";
import { settleWithin } from "./settle-within.server";

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("waiting briefly for a promise", () => {
  it("gives the value when it comes in time, without waiting out the budget", async () => {
    const started = Date.now();
    expect(await settleWithin(after(5, ["a"]), 2_000)).toEqual({ value: ["a"] });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("gives back the promise itself when it is late, still to be awaited", async () => {
    const slow = after(200, "late");
    const settled = await settleWithin(slow, 20);
    expect(settled).toEqual({ pending: slow });
    expect("pending" in settled && (await settled.pending)).toBe("late");
  });

  it("gives back a rejected promise as it is, for the page's error element", async () => {
    const failing = Promise.reject(new Error("database away"));
    const settled = await settleWithin(failing, 1_000);
    expect("pending" in settled).toBe(true);
    await expect("pending" in settled ? settled.pending : null).rejects.toThrow("database away");
  });
});
