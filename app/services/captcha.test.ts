import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/env.server";
import { startTurnstileStub, type HttpStub } from "../../tests/stubs/http-stub";
import { turnstileFromEnv, verifyTurnstile, type TurnstileConfig } from "./captcha.server";

describe("Turnstile verification against a local siteverify stand-in", () => {
  let stub: HttpStub;
  let config: TurnstileConfig;
  beforeAll(async () => {
    stub = await startTurnstileStub({
      "good-1": { hostname: "whitestreams.example", action: "contact" },
      "good-2": { hostname: "whitestreams.example", action: "contact" },
      "other-site": { hostname: "evil.example", action: "contact" },
      "other-form": { hostname: "whitestreams.example", action: "listing-enquiry" },
    });
    config = { secretKey: "test-secret", verifyUrl: stub.url, expectedHostname: "whitestreams.example" };
  });
  afterAll(() => stub.stop());
  const check = (token: string, extra: Partial<Parameters<typeof verifyTurnstile>[1]> = {}) =>
    verifyTurnstile(config, { token, action: "contact", remoteIp: "203.0.113.7", requestHostname: "whitestreams.example", ...extra });

  it("passes a fresh token for our host and form, sending the secret and the visitor's IP", async () => {
    expect(await check("good-1")).toEqual({ ok: true });
    const request = stub.requests.at(-1)!;
    expect(request.method).toBe("POST");
    expect(Object.fromEntries(request.form)).toEqual({ secret: "test-secret", response: "good-1", remoteip: "203.0.113.7" });
  });

  it("fails a reused token", async () => {
    expect(await check("good-2")).toEqual({ ok: true });
    expect(await check("good-2")).toEqual({ ok: false, reason: "rejected: timeout-or-duplicate" });
  });

  it("fails an unknown, missing or oversized token", async () => {
    expect(await check("made-up")).toEqual({ ok: false, reason: "rejected: invalid-input-response" });
    const before = stub.requests.length;
    expect(await check("")).toEqual({ ok: false, reason: "missing token" });
    expect(await check("x".repeat(3000))).toEqual({ ok: false, reason: "token too long" });
    expect(stub.requests.length).toBe(before);
  });

  it("fails a token solved on another host or for another form", async () => {
    expect(await check("other-site")).toEqual({ ok: false, reason: "solved on evil.example, expected whitestreams.example" });
    expect(await check("other-form")).toEqual({ ok: false, reason: "action listing-enquiry, expected contact" });
  });

  it("fails closed when siteverify cannot be reached or the secret is wrong", async () => {
    const down = await verifyTurnstile(
      { ...config, verifyUrl: "http://127.0.0.1:9/siteverify" },
      { token: "good-1", action: "contact", requestHostname: "x" },
    );
    expect(down.ok).toBe(false);
    expect(await verifyTurnstile({ ...config, secretKey: "wrong" }, { token: "good-1", action: "contact", requestHostname: "x" })).toEqual({
      ok: false,
      reason: "rejected: invalid-input-secret",
    });
  });

  it("is on only when both keys are set, and refuses half a configuration", () => {
    expect(turnstileFromEnv(parseEnv({}))).toBeUndefined();
    expect(
      turnstileFromEnv(parseEnv({ TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET_KEY: "secret", SITE_URL: "https://whitestreams.example/" })),
    ).toEqual({
      secretKey: "secret",
      verifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
      expectedHostname: "whitestreams.example",
    });
    expect(() => turnstileFromEnv(parseEnv({ TURNSTILE_SITE_KEY: "site" }))).toThrow("set both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY");
  });
});
