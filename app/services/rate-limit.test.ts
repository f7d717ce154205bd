import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveClientIp } from "./client-ip.server";
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from "./rate-limit.server";

async function expectLimit(limiter: RateLimiter, key: string) {
  for (let i = 1; i <= 5; i++) expect((await limiter.hit(key)).allowed, `hit ${i}`).toBe(true);
  const sixth = await limiter.hit(key);
  expect(sixth.allowed).toBe(false);
  expect(sixth.retryAfterSeconds).toBeGreaterThan(590);
  expect(sixth.retryAfterSeconds).toBeLessThanOrEqual(600);
  expect((await limiter.hit(`${key}-other`)).allowed).toBe(true);
}

describe("memory rate limiter", () => {
  it("allows 5 hits per key in 10 minutes, then again after the window", async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter({ limit: 5, windowSeconds: 600, now: () => now });
    await expectLimit(limiter, "203.0.113.7");
    now += 600_000;
    expect((await limiter.hit("203.0.113.7")).allowed).toBe(true);
  });

  it("counts a repeated token once, and applies the limits given with each hit", async () => {
    await expectTokensCountedOnce(memoryRateLimiter({ limit: 5, windowSeconds: 600 }), "203.0.113.8");
  });
});

/** Two posts of the same form (same token) are one hit; a lower limit passed with the hit applies at once. */
async function expectTokensCountedOnce(limiter: RateLimiter, key: string) {
  for (let i = 0; i < 3; i++) expect((await limiter.hit(key, { token: "form-a" })).allowed).toBe(true);
  expect((await limiter.hit(key, { token: "form-b" })).allowed).toBe(true);
  // Two distinct forms so far: with a limit of 2 a third form is refused, while form-a is still within it.
  expect((await limiter.hit(key, { token: "form-a", limit: 2 })).allowed).toBe(true);
  expect((await limiter.hit(key, { token: "form-c", limit: 2 })).allowed).toBe(false);
  const other = await limiter.hit(`${key}-window`, { windowSeconds: 60 });
  expect(other.retryAfterSeconds).toBeLessThanOrEqual(60);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// These tests start their own redis-server; without one installed they are skipped and say why.
const hasRedisServer = spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
const redisTests = `redis rate limiter (a real redis-server on loopback${hasRedisServer ? "" : "; SKIPPED: no redis-server installed"})`;
if (!hasRedisServer) console.warn("Skipping the Redis rate-limit tests: no redis-server on PATH (sudo apt-get install -y redis-server).");

describe.skipIf(!hasRedisServer)(redisTests, () => {
  let redis: ChildProcess;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    const deadline = Date.now() + 5000;
    for (;;) {
      const ok = await new Promise<boolean>((resolve) =>
        net
          .connect(port, "127.0.0.1")
          .on("connect", function (this: net.Socket) {
            this.end();
            resolve(true);
          })
          .on("error", () => resolve(false)),
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error("redis-server did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(() => {
    redis.kill("SIGTERM");
  });

  it("shares the count between app processes (two clients, one limit)", async () => {
    const a = redisRateLimiter({ url, limit: 5, windowSeconds: 600 });
    const b = redisRateLimiter({ url, limit: 5, windowSeconds: 600 });
    for (let i = 0; i < 3; i++) expect((await a.hit("198.51.100.9")).allowed).toBe(true);
    for (let i = 0; i < 2; i++) expect((await b.hit("198.51.100.9")).allowed).toBe(true);
    expect((await a.hit("198.51.100.9")).allowed).toBe(false);
    await expectLimit(b, "198.51.100.10");
    await a.close();
    await b.close();
  });

  it("counts a repeated token once, and applies the limits given with each hit", async () => {
    const limiter = redisRateLimiter({ url, limit: 5, windowSeconds: 600 });
    await expectTokensCountedOnce(limiter, "198.51.100.11");
    await limiter.close();
  });

  it("lets requests through when Redis is unreachable rather than losing enquiries", async () => {
    const limiter = redisRateLimiter({ url: "redis://127.0.0.1:9", limit: 1, windowSeconds: 600 });
    expect(await limiter.hit("x")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await limiter.hit("x")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    await limiter.close();
  });
});

describe("client IP", () => {
  it("uses the address the host resolved, IPv4 on a dual-stack socket as plain IPv4", () => {
    expect(resolveClientIp("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(resolveClientIp("2001:db8::7")).toBe("2001:db8::7");
    expect(resolveClientIp(undefined)).toBe("unknown");
  });
});
