import pg from "pg";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#app/db/client.server";
import { authSession } from "#app/db/schema";
import { storeSubmission } from "#app/models/submissions.server";
import { markEnquiryOpened } from "#app/models/enquiries-admin.server";
import { loader as events } from "#app/routes/admin/events";
import { openDatabase } from "#app/db/client.server";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../tests/setup/test-db";
import { sessionCookieFor } from "../../tests/setup/staff-sessions";
import { contextFor, createTestServices, TEST_SITE } from "../../tests/setup/test-services";
import type { AppServices } from "./app-services.server";

type Received = { unopened: number; change: string };

/** Reads an event stream the way a browser's EventSource does, collecting the `enquiries` events. */
async function openStream(services: AppServices, cookie: string) {
  const controller = new AbortController();
  const request = new Request(`${TEST_SITE}/edit/events`, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal });
  const response = await events({ request, context: contextFor(services), params: {} } as never);
  const received: Received[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let ended = false;
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        ended = true;
        return;
      }
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: enquiries\ndata: (.*)$/m.exec(block)?.[1];
        if (data) received.push(JSON.parse(data) as Received);
      }
    }
  })();
  return {
    response,
    received,
    async waitFor(predicate: (event: Received) => boolean, timeoutMs = 2_000) {
      const started = Date.now();
      while (Date.now() - started < timeoutMs) {
        const hit = received.find(predicate);
        if (hit) return { event: hit, ms: Date.now() - started };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(received)}`);
    },
    /** Resolves when the server ends the stream; fails if it is still open after `timeoutMs`. */
    async waitForEnd(timeoutMs = 2_000) {
      const started = Date.now();
      while (!ended) {
        if (Date.now() - started > timeoutMs) throw new Error(`the stream was still open after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    get ended() {
      return ended;
    },
    close: () => controller.abort(),
  };
}

function enquiry() {
  return {
    submissionId: crypto.randomUUID(),
    firstName: "Live",
    lastName: "Bell",
    email: "live@example.test",
    phone: "Not provided",
    interest: "Yachts",
    message: "Ring the bell",
    listingPath: null,
    metadata: { userAgent: "Vitest", timestamp: new Date().toISOString() },
  };
}

/**
 * The live bell across two app processes: each has its own database connection and LISTEN, as two servers
 * behind a load balancer would. An enquiry stored through one raises the count on a page open on the other
 * within 2 seconds, with no polling; after the listening connection is killed (a database restart), the bus
 * reconnects and the page is brought up to date.
 */
for (const kind of TEST_DATABASE_KINDS) {
  describe(`live bell on ${kind}`, () => {
    let handle: DatabaseHandle;
    let second: DatabaseHandle;
    let one: { services: AppServices; stop(): Promise<void> };
    let two: { services: AppServices; stop(): Promise<void> };
    let cookie: string;

    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      // The second "process" opens its own pool on the same PostgreSQL database (PGlite: the same instance).
      second = kind === "postgres" ? await openDatabase({ databaseUrl: (handle.raw as pg.Pool).options.connectionString }) : handle;
      one = await createTestServices(handle, { background: true });
      two = await createTestServices(second, { background: true });
      cookie = await sessionCookieFor(one.services, { email: "sales-live@example.test", role: "sales" });
    });
    afterAll(async () => {
      await two.stop();
      await one.stop();
      if (second !== handle) await second.close();
      await handle.close();
    });

    it("pushes the unopened count to a page open on the other process within 2 seconds of a new enquiry", async () => {
      const page = await openStream(two.services, cookie);
      expect(page.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(page.response.headers.get("cache-control")).toContain("no-transform");
      await page.waitFor((event) => event.change === "connected" && event.unopened === 0);
      const first = enquiry();
      await storeSubmission(one.services.db, first);
      const { ms } = await page.waitFor((event) => event.change === `new:${first.submissionId}` && event.unopened === 1);
      expect(ms).toBeLessThan(2_000);
      // Opening it anywhere lowers every bell.
      const [row] = await handle.db.query.contactSubmissions.findMany({ where: (table, { eq }) => eq(table.submissionId, first.submissionId) });
      await markEnquiryOpened(one.services.db, row!.id);
      await page.waitFor((event) => event.change.startsWith("opened:") && event.unopened === 0);
      page.close();
      // A closed page is forgotten.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(two.services.live.listeners).toBe(0);
    });

    it.runIf(kind === "postgres")("reconnects after the database drops its listening connection, and corrects the count", async () => {
      const page = await openStream(two.services, cookie);
      await page.waitFor((event) => event.change === "connected");
      const admin = new pg.Client({ connectionString: (handle.raw as pg.Pool).options.connectionString });
      await admin.connect();
      // Every LISTEN connection of this database ends, as in a database restart.
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'");
      await admin.end();
      // Missed while nobody listened: the gap makes the page count again once the bus is back.
      await storeSubmission(one.services.db, enquiry());
      const { event } = await page.waitFor((candidate) => candidate.change === "*" && candidate.unopened === 1, 8_000);
      expect(event.unopened).toBe(1);
      // And later changes arrive as before (within the 2 s the bell promises, once the bus is back).
      // The bus waits 2 s before reconnecting; it says so with one more "*" once it listens again.
      await page.waitFor((candidate) => candidate.change === "*" && page.received.filter((seen) => seen.change === "*").length >= 2, 6_000);
      const later = enquiry();
      await storeSubmission(one.services.db, later);
      const { ms } = await page.waitFor((candidate) => candidate.change === `new:${later.submissionId}` && candidate.unopened === 2, 4_000);
      expect(ms).toBeLessThan(2_000);
      page.close();
    });

    it("ends the stream once its session has ended: at the next push, sending nothing, and at the next heartbeat", async () => {
      // Signed out everywhere (or revoked, or deactivated) while the page is open: the next count is not sent.
      const revoked = await sessionCookieFor(one.services, { email: "sales-revoked@example.test", role: "sales" });
      const page = await openStream(two.services, revoked);
      await page.waitFor((event) => event.change === "connected");
      await one.services.auth.api.revokeSessions({ headers: new Headers({ cookie: revoked }) });
      const later = enquiry();
      await storeSubmission(one.services.db, later);
      await page.waitForEnd();
      expect(page.received.some((event) => event.change === `new:${later.submissionId}`)).toBe(false);
      expect(two.services.live.listeners).toBe(0);

      // Idle past the timeout while nothing happens: the heartbeat's check ends it (only the interval is faked).
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      try {
        const idle = await sessionCookieFor(one.services, { email: "sales-idle@example.test", role: "sales" });
        const quiet = await openStream(two.services, idle);
        await quiet.waitFor((event) => event.change === "connected");
        vi.advanceTimersByTime(25_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(quiet.ended).toBe(false);
        const { session } = (await one.services.auth.api.getSession({ headers: new Headers({ cookie: idle }) }))!;
        await handle.db
          .update(authSession)
          .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
          .where(eq(authSession.id, session.id));
        vi.advanceTimersByTime(25_000);
        await quiet.waitForEnd();
      } finally {
        vi.useRealTimers();
      }
    });

    it("forgets a page that leaves while a push is being checked, and sends nothing after it", async () => {
      // The browser goes away (its reader cancels the body) while the session check of the first push is still
      // running: the push must be dropped, not written into the closed stream, which would throw where nothing
      // catches it and stop the whole server.
      const thrown: unknown[] = [];
      const onRejection = (reason: unknown) => void thrown.push(reason);
      process.on("unhandledRejection", onRejection);
      try {
        for (let round = 0; round < 5; round++) {
          const request = new Request(`${TEST_SITE}/edit/events`, { headers: { cookie, accept: "text/event-stream" } });
          const response = await events({ request, context: contextFor(two.services), params: {} } as never);
          const reader = response.body!.getReader();
          await reader.read(); // the reconnect delay, sent at once; the count waits on the session check
          await reader.cancel();
          await storeSubmission(one.services.db, enquiry());
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(thrown).toEqual([]);
        expect(two.services.live.listeners).toBe(0);
      } finally {
        process.off("unhandledRejection", onRejection);
      }
    });

    it("refuses the stream to a role that does not work enquiries", async () => {
      const editor = await sessionCookieFor(one.services, { email: "editor-live@example.test", role: "editor" });
      const request = new Request(`${TEST_SITE}/edit/events`, { headers: { cookie: editor, accept: "text/event-stream" } });
      await expect(Promise.resolve(events({ request, context: contextFor(one.services), params: {} } as never))).rejects.toMatchObject({
        status: 403,
      });
    });
  });
}
