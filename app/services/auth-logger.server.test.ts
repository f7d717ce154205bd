import { describe, expect, it, vi } from "vitest";
import { betterAuthLogger } from "./auth-logger.server";

describe("better-auth's messages in our log", () => {
  const target = () => ({ debug: vi.fn(), warn: vi.fn(), error: vi.fn() });

  it("drops the messages that would tell which addresses have accounts", () => {
    const log = target();
    const { log: write } = betterAuthLogger(log);
    for (const message of [
      "User not found",
      "Invalid password",
      "Password not found",
      "Reset Password: User not found",
      "Sign-up attempt for existing email: owner@example.test",
    ]) {
      write!("warn", message);
    }
    expect([...log.debug.mock.calls, ...log.warn.mock.calls, ...log.error.mock.calls]).toEqual([]);
  });

  it("keeps the others as JSON fields: its level, the source, and an Error but no other argument", () => {
    const log = target();
    const { log: write } = betterAuthLogger(log);
    const failure = new Error("connection refused");
    write!("error", "Failed to create session", failure, { email: "owner@example.test", password: "secret" });
    write!("info", "something routine");
    expect(log.error).toHaveBeenCalledWith({ err: failure, source: "better-auth" }, "Failed to create session");
    expect(log.debug).toHaveBeenCalledWith({ err: undefined, source: "better-auth" }, "something routine");
    expect(JSON.stringify(log.error.mock.calls)).not.toContain("owner@example.test");
  });
});
