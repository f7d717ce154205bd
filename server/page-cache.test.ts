import crypto from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_CHANNEL } from "#app/db/change-bus.server";
import { INTEREST_OPTIONS } from "#app/domain/enquiry-schemas";
import { httpGet, startProductionServer, type ProductionServer } from "../tests/setup/production-server";
import { refusedInlineScripts } from "../tests/setup/csp";
import { createThrowawayDatabase } from "../tests/setup/test-db";

/**
 * The page cache (docs/decisions/0031-page-cache.md) on two production servers sharing one PostgreSQL, as behind a
 * load balancer: what an anonymous visitor is given, what a visitor with personal cookies is given, and that a change
 * announced by any process reaches every process's kept pages. Needs TEST_DATABASE_URL (CI sets it).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const LISTING = "/cars/bugatti-chiron-2019";

type Page = { status: number; headers: Headers; body: string };

/** Every nonce a page's tags carry, and the one its Content-Security-Policy allows. */
function nonces(page: Page) {
  const inPage = new Set([...page.body.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]));
  const allowed = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
  return { inPage, allowed };
}

const withoutNonces = (body: string) => body.replace(/ nonce="[^"]+"/g, "");

describe.skipIf(!adminUrl)("page cache across two app processes", () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;
  let database: pg.Client;
  let one: ProductionServer;
  let two: ProductionServer;
  const get = async (server: ProductionServer, path: string, headers: Record<string, string> = {}): Promise<Page> => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers, redirect: "manual" });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase("ws_pages");
    one = await startProductionServer({ DATABASE_URL: throwaway.url, ENQUIRY_RATE_LIMIT: "100" });
    two = await startProductionServer({ DATABASE_URL: throwaway.url });
    database = new pg.Client({ connectionString: throwaway.url });
    await database.connect();
  }, 120_000);

  afterAll(async () => {
    await database?.end();
    one?.stop();
    two?.stop();
    await throwaway?.drop();
  });

  it("gives the next anonymous visitor the kept page, its inline scripts allowed by their hashes and compressed once", async () => {
    const first = await get(one, "/cars");
    // Node's fetch accepts br and gzip: the kept page is compressed off the request path, after the first answer.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = await get(one, "/cars");
    const third = await get(one, "/cars");
    expect(first.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(first.headers.get("vary")).toMatch(/Cookie/);
    // The first was rendered and kept, the next are the kept page: one page, so one validator.
    expect([first.headers.get("x-page-cache"), second.headers.get("x-page-cache")]).toEqual(["miss", "hit"]);
    expect(first.headers.get("etag")).toMatch(/^W\/"/);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("last-modified")).toBe(first.headers.get("last-modified"));
    expect(second.body).toBe(withoutNonces(first.body));
    // The rendered answer runs its scripts by this response's nonce; the kept page carries no nonce at all, and every
    // answer's policy lists the hashes of exactly the scripts it holds (nothing else inline may run).
    const { inPage, allowed } = nonces(first);
    expect([...inPage]).toEqual([allowed]);
    expect(second.body).not.toContain(allowed!);
    for (const page of [first, second, third]) {
      const policy = page.headers.get("content-security-policy") ?? "";
      expect(refusedInlineScripts(page.body, policy)).toEqual([]);
      expect(policy).not.toContain("unsafe-inline");
    }
    expect(second.headers.get("content-security-policy")).not.toContain("'nonce-");
    // Worked out once for the page: the next hit is sent the same policy, with no nonce of its own request left in it.
    expect(third.headers.get("content-security-policy")).toBe(second.headers.get("content-security-policy"));
    expect(second.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(
      refusedInlineScripts(second.body.replace("</body>", "<script>alert(1)</script></body>"), second.headers.get("content-security-policy")!),
    ).toEqual(["alert(1)"]);
    // Compressed once, as the visitor's browser accepts it: brotli when it takes both, whichever it names first.
    const chrome = await httpGet(one.port, "/cars", { "accept-encoding": "gzip, deflate, br, zstd" }, "base64");
    expect(chrome.headers["content-encoding"]).toBe("br");
    for (const encoding of ["br", "gzip"] as const) {
      const kept = await httpGet(one.port, "/cars", { "accept-encoding": `${encoding}, identity` }, "base64");
      expect([kept.headers["content-encoding"], kept.headers["x-page-cache"]]).toEqual([encoding, "hit"]);
      const bytes = Buffer.from(kept.body, "base64");
      expect((encoding === "br" ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString("utf8")).toBe(second.body);
    }
  });

  it("answers 304 when the visitor's copy is current, without a policy that would refuse that copy's scripts", async () => {
    await get(one, "/about");
    const kept = await get(one, "/about");
    const etag = kept.headers.get("etag")!;
    // Node's fetch marks every conditional request no-cache (a forced reload), so these go as a browser sends them.
    const again = await httpGet(one.port, "/about", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers["content-security-policy"]).toBeUndefined();
    const head = await fetch(`http://127.0.0.1:${one.port}/about`, { method: "HEAD" });
    expect([head.status, head.headers.get("etag"), await head.text()]).toEqual([200, etag, ""]);
    const since = await httpGet(one.port, "/about", { "if-modified-since": kept.headers.get("last-modified")! });
    expect(since.status).toBe(304);
    expect((await httpGet(one.port, "/about", { "if-none-match": 'W/"something-else"' })).status).toBe(200);
    // A reload that asks past every cache gets the page.
    expect((await httpGet(one.port, "/about", { "if-none-match": etag, "cache-control": "no-cache" })).status).toBe(200);
  });

  it("renders a page of their own for a visitor with a shortlist or a session, and keeps a page per currency", async () => {
    await get(one, "/cars");
    for (const cookie of ["ws_shortlist=bugatti-chiron-2019", "better-auth.session_token=anything", "ws_currency=EUR; ws_shortlist=x"]) {
      const own = await get(one, "/cars", { cookie });
      expect(own.headers.get("etag"), cookie).toBeNull();
      expect(own.headers.get("x-page-cache"), cookie).toBeNull();
      expect(own.headers.get("cache-control"), cookie).toBe("private, no-cache");
    }
    const dollars = await get(one, "/cars");
    await get(one, "/cars", { cookie: "ws_currency=EUR" });
    const euros = await get(one, "/cars", { cookie: "ws_currency=EUR" });
    expect(euros.headers.get("etag")).toMatch(/^W\//);
    expect(euros.headers.get("etag")).not.toBe(dollars.headers.get("etag"));
    expect(euros.body).toContain("EUR");
  });

  it("shows a change made through any process on every process's next request", async () => {
    await get(two, LISTING);
    expect((await get(two, LISTING)).headers.get("x-page-cache")).toBe("hit");
    const retitled = `Chiron retitled ${crypto.randomBytes(3).toString("hex")}`;
    // What the app's own edit does on another process: write, then announce on the change channel.
    await database.query("update listings set title = $1 where slug = 'bugatti-chiron-2019'", [retitled]);
    await database.query("select pg_notify($1, 'listings:*')", [CHANGE_CHANNEL]);
    await expect.poll(async () => (await get(two, LISTING)).body.includes(retitled), { timeout: 2_000, interval: 50 }).toBe(true);
    expect((await get(one, LISTING)).body).toContain(retitled);
  });

  it("still counts a listing view for each visitor given a kept page", async () => {
    const views = async () => {
      const { rows } = await database.query<{ total: string | null }>(
        "select sum(views) as total from listing_view_days d join listings l on l.id = d.listing_id where l.slug = 'bugatti-chiron-2019'",
      );
      return Number(rows[0]?.total ?? 0);
    };
    await get(one, LISTING, { "user-agent": "Mozilla/5.0 (warm-up)" });
    await expect.poll(views, { timeout: 5_000 }).toBeGreaterThan(0);
    const before = await views();
    for (const visitor of ["one", "two", "three"]) {
      const page = await get(one, LISTING, { "user-agent": `Mozilla/5.0 (visitor ${visitor})` });
      expect(page.headers.get("x-page-cache")).toBe("hit");
    }
    // A bot and a prefetch are not visits, from the cache either.
    await get(one, LISTING, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await get(one, LISTING, { "user-agent": "Mozilla/5.0 (prefetcher)", "sec-purpose": "prefetch" });
    await expect.poll(views, { timeout: 5_000 }).toBe(before + 3);
  });

  it("stores the enquiries of two visitors who were given the same kept form", async () => {
    await get(one, "/contact");
    const kept = await get(one, "/contact");
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    const submissionId = /name="submission_id" value="([^"]+)"/.exec(kept.body)?.[1];
    expect(submissionId).toBeTruthy();
    const origin = `http://127.0.0.1:${one.port}`;
    const names = ["Shared Form One", "Shared Form Two"];
    for (const name of names) {
      const posted = await fetch(`${origin}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: new URLSearchParams({
          name,
          email: "shared.form@example.test",
          interest: INTEREST_OPTIONS[0]!.value,
          message: `Sent by ${name} from a kept page.`,
          submission_id: submissionId!,
        }),
        redirect: "manual",
      });
      expect(posted.status).toBeLessThan(400);
    }
    const { rows } = await database.query<{ message: string }>("select message from contact_submissions where email = 'shared.form@example.test'");
    expect(rows.map((row) => row.message).sort()).toEqual(names.map((name) => `Sent by ${name} from a kept page.`));
  });
});
