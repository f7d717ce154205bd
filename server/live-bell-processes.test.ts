import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTEREST_OPTIONS } from "#app/domain/enquiry-schemas";
import { startProductionServer, type ProductionServer } from "../tests/setup/production-server";
import { createThrowawayDatabase } from "../tests/setup/test-db";

/**
 * The live bell across two app processes (docs/architecture.md, "The services container and the change bus"): two
 * production servers share one PostgreSQL, a member of staff holds the bell's event stream on one, a visitor posts
 * an enquiry to the other, and the first pushes the new count within 2 seconds. Only a real server can share a
 * database between processes, so this needs TEST_DATABASE_URL (CI sets it).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const OWNER = { email: "bell-owner@example.test", password: "Two processes, one bell 42" };

describe.skipIf(!adminUrl)("live bell across two app processes", () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;
  let writer: ProductionServer;
  let reader: ProductionServer;

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase("ws_bell");
    const databaseUrl = throwaway.url;
    // One after the other: the first migrates and seeds, the second finds the database ready, as in a rolling deploy.
    writer = await startProductionServer({ DATABASE_URL: databaseUrl, ENQUIRY_RATE_LIMIT: "100" });
    reader = await startProductionServer({ DATABASE_URL: databaseUrl });
    execFileSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", OWNER.email, "--password", OWNER.password], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
      stdio: "pipe",
    });
  }, 120_000);

  afterAll(async () => {
    writer?.stop();
    reader?.stop();
    await throwaway?.drop();
  });

  it("pushes a new enquiry posted to one process to the bell held open on the other", async () => {
    const readerOrigin = `http://localhost:${reader.port}`;
    const signIn = await fetch(`${readerOrigin}/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: readerOrigin },
      body: new URLSearchParams({ email: OWNER.email, password: OWNER.password }),
      redirect: "manual",
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    expect(cookie, `sign-in answered ${signIn.status}`).not.toBe("");

    const abort = new AbortController();
    const stream = await fetch(`${readerOrigin}/edit/events`, { headers: { cookie, accept: "text/event-stream" }, signal: abort.signal });
    expect(stream.status).toBe(200);
    const counts: number[] = [];
    void (async () => {
      let buffer = "";
      const decoder = new TextDecoder();
      try {
        for await (const chunk of stream.body!) {
          buffer += decoder.decode(chunk, { stream: true });
          const blocks = buffer.split("\n\n");
          buffer = blocks.pop()!; // the event still arriving
          for (const block of blocks) {
            const data = /^event: enquiries\ndata: (.*)$/m.exec(block)?.[1];
            if (data) counts.push((JSON.parse(data) as { unopened: number }).unopened);
          }
        }
      } catch {
        // Aborted at the end of the test.
      }
    })();
    await expect.poll(() => counts.length, { timeout: 5_000 }).toBeGreaterThan(0);
    const before = counts.at(-1)!;

    const writerOrigin = `http://localhost:${writer.port}`;
    const posted = await fetch(`${writerOrigin}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: writerOrigin },
      body: new URLSearchParams({
        name: "Two Processes",
        email: "two.processes@example.test",
        interest: INTEREST_OPTIONS[0]!.value,
        message: "Is the bell told on the other process?",
        submission_id: crypto.randomUUID(),
      }),
      redirect: "manual",
    });
    expect(posted.status).toBeLessThan(400);
    const postedAt = Date.now();
    await expect.poll(() => counts.at(-1), { timeout: 2_000, interval: 20 }).toBe(before + 1);
    expect(Date.now() - postedAt).toBeLessThan(2_000);
    abort.abort();
  });
});
