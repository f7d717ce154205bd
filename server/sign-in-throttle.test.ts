import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest, startProductionServer, type HttpAnswer, type ProductionServer } from "../tests/setup/production-server";

/**
 * Sign-in throttling as a visitor meets it over HTTP, on the production build: a burst of simultaneous wrong
 * passwords, a spoofed X-Forwarded-For from a client that reaches the port directly, and a trusted proxy
 * (TRUST_PROXY=127.0.0.1) whose X-Forwarded-For is believed. Linux routes all of 127.0.0.0/8 to loopback, so each
 * 127.0.0.x below is a different client address.
 */
const OWNER = { email: "throttle-owner@example.test", password: "a lantern over still water" };

type Answer = HttpAnswer;

function postSignIn(port: number, from: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
  const body = new URLSearchParams(fields).toString();
  return httpRequest(port, "/sign-in", {
    method: "POST",
    localAddress: from,
    agent: false,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body),
      origin: `http://127.0.0.1:${port}`,
      host: `127.0.0.1:${port}`,
      ...headers,
    },
    body,
  });
}

const tally = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe("sign-in throttling over HTTP", () => {
  let server: ProductionServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-throttle-test-"));
    const created = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/create-admin.ts", "--email", OWNER.email, "--password", OWNER.password],
      {
        env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" },
        encoding: "utf8",
      },
    );
    expect(created.status, created.stderr).toBe(0);
    server = await startProductionServer({ DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1" });
  }, 120_000);
  afterAll(() => {
    server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("checks no more than 10 of 50 simultaneous wrong passwords, whatever X-Forwarded-For a direct client sends", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        postSignIn(server.port, "127.0.0.2", { email: OWNER.email, password: `wrong guess ${index}` }, { "x-forwarded-for": `198.51.100.${index}` }),
      ),
    );
    expect(tally(answers)).toEqual({ 401: 10, 429: 40 });
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(800);
    expect(refused.body).toContain("Too many attempts, try again in 15 minutes.");

    // The right password from the throttled address is refused too, with Retry-After.
    const right = await postSignIn(server.port, "127.0.0.2", OWNER);
    expect(right.status).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(800);
    expect(right.headers["set-cookie"]).toBeUndefined();
    // What was typed is kept, except the password.
    expect(right.body).toContain(`value="${OWNER.email}"`);
    expect(right.body).not.toContain(OWNER.password);

    // The same member of staff from another address signs in: one visitor cannot lock the staff out.
    const elsewhere = await postSignIn(server.port, "127.0.0.3", OWNER);
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.location).toBe("/edit");
    expect(String(elsewhere.headers["set-cookie"])).toMatch(/session_token=/);
  }, 120_000);

  it("believes X-Forwarded-For from the trusted proxy only: each visitor behind it has their own limit", async () => {
    // Through the proxy (127.0.0.1) for a visitor at 203.0.113.9, who has tried nothing yet.
    const viaProxy = await postSignIn(server.port, "127.0.0.1", OWNER, { "x-forwarded-for": "203.0.113.9" });
    expect(viaProxy.status).toBe(302);
    // A visitor behind the proxy who fails 10 times is held back; the next visitor behind it is not.
    for (let index = 0; index < 10; index++) {
      const wrong = await postSignIn(
        server.port,
        "127.0.0.1",
        { email: OWNER.email, password: `proxy guess ${index}` },
        { "x-forwarded-for": "203.0.113.10" },
      );
      expect(wrong.status).toBe(401);
    }
    expect((await postSignIn(server.port, "127.0.0.1", OWNER, { "x-forwarded-for": "203.0.113.10" })).status).toBe(429);
    expect((await postSignIn(server.port, "127.0.0.1", OWNER, { "x-forwarded-for": "203.0.113.11" })).status).toBe(302);
  }, 120_000);
});
