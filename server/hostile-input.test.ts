import http from "node:http";
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg } from "../tests/fixtures/images";
import { startProductionServer, type ProductionServer } from "../tests/setup/production-server";
import { refusedInlineScripts } from "../tests/setup/csp";
import { MAX_SPECIFICATIONS } from "#app/domain/listing-editor";
import { MAX_PHOTOS } from "#app/domain/listing-photos";
import { FORM_LIST_ROWS_LIMIT } from "./request-guard";

/**
 * The audit's hostile-input rows, on the production build: malformed requests (NUL bytes, other methods, bodies that
 * are not forms, hosts that are not hosts, values the database cannot store, files sent to forms, broken cookies)
 * answer 4xx with a plain page, never 5xx; return paths stay on this site however they are spelled; bodies are
 * bounded while they stream in; every 429 keeps its Retry-After; and every kind of response carries the security
 * headers. The walk of every route with these requests is server/route-walk.test.ts.
 */
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(port: number, method: string, path: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method, headers: options.headers }, (res) => {
      // The live bell's stream never ends: its status and headers are the answer.
      if (/text\/event-stream/.test(res.headers["content-type"] ?? "")) {
        res.destroy();
        return resolve({ status: res.statusCode ?? 0, headers: res.headers, body: "" });
      }
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    request.on("error", reject);
    request.end(options.body);
  });
}

/** What the server answers to bytes written straight to a socket (a request Node's client would not send). */
function rawRequest(port: number, text: string) {
  return new Promise<string>((resolve, reject) => {
    // Written, not ended: a half-closed socket may be dropped before the answer. HTTP/1.0 closes after it.
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

/** The status line the server answers to a request head written to a socket, without waiting for the connection to end. */
function statusLineOf(port: number, head: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (!answer.includes("\r\n")) return;
      resolve(answer.slice(0, answer.indexOf("\r\n")));
      socket.destroy();
    });
    socket.on("error", reject);
  });
}

/** A multipart body with text fields and, optionally, one file. */
function multipart(fields: Record<string, string>, file?: { name: string; filename: string; type: string; data: Buffer }) {
  const boundary = "----hostile-input-boundary";
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
}

describe("hostile input", () => {
  let server: ProductionServer;
  let ownerCookie = "";
  beforeAll(async () => {
    // Behind a trusted proxy (one hop), so X-Forwarded-Proto says whether the visitor used HTTPS.
    server = await startProductionServer({ TRUST_PROXY: "1" });
    const token = server.output().match(/\/setup\?token=([\w-]+)/)![1]!;
    const password = "walk every route 2026";
    const setup = await send(server.port, "POST", "/setup", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${server.port}` },
      body: new URLSearchParams({ token, email: "walker@example.test", name: "Walker", password, confirm: password }).toString(),
    });
    ownerCookie = (setup.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
    expect(ownerCookie).toContain("session_token");
  }, 180_000);
  afterAll(() => server?.stop());

  it("answers a NUL byte, a non-form body and other methods with a short plain page", async () => {
    const { port } = server;
    const origin = `http://127.0.0.1:${port}`;
    const nul = await send(port, "GET", "/cars?q=%00");
    expect(nul.status).toBe(400);
    expect(nul.headers["content-type"]).toMatch(/^text\/plain/);
    expect(nul.body).toContain("This address could not be read");
    const json = await send(port, "POST", "/contact", { headers: { Origin: origin, "Content-Type": "application/json" }, body: "{}" });
    expect(json.status).toBe(415);
    const trace = await send(port, "TRACE", "/");
    expect(trace.status).toBe(405);
  });

  it("answers a host that is not one with 400 and a plain page: a space, an open bracket, a broken escape, none at all", async () => {
    const { port } = server;
    for (const host of ["a b", "[::1", "a%zz", "user@evil.example"]) {
      const answer = await send(port, "GET", "/cars", { headers: { Host: host } });
      expect(answer.status, host).toBe(400);
      expect(answer.headers["content-type"], host).toMatch(/^text\/plain/);
    }
    // HTTP/1.0 allows a request without a Host header.
    expect(await rawRequest(port, "GET /cars HTTP/1.0\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    // A trusted proxy's X-Forwarded-Host is held to the same rule.
    expect((await send(port, "GET", "/cars", { headers: { "X-Forwarded-Host": "a b" } })).status).toBe(400);
    expect((await send(port, "GET", "/cars", { headers: { Host: `127.0.0.1:${port}` } })).status).toBe(200);
  });

  it("reads an address by one rule, static files included: control characters, broken escapes, two hosts, folders", async () => {
    const { port } = server;
    // A tab or line break as a path segment once made React Router's URL parsing throw (500).
    for (const path of ["/%09/", "/%0A/", "/%0D%0A/", "/cars/%09/x", "/%7F/"]) {
      const answer = await send(port, "GET", path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toContain("This address could not be read");
    }
    // Broken escapes where the static files are looked up first: the app's plain refusal, not the static layer's words.
    for (const path of ["/cars/%", "/media/%C0%AE", "/x%E0%A4%A"]) {
      const answer = await send(port, "GET", path);
      expect(answer.status, path).toBe(400);
      expect(answer.headers["content-type"], path).toMatch(/^text\/plain/);
      expect(answer.body, path).not.toContain("URI malformed");
    }
    // A static folder's address is no page: no redirect to the same with a slash.
    for (const path of ["/assets", "/images"]) expect((await send(port, "GET", path)).status, path).toBe(404);
    const twoHosts = await rawRequest(port, `GET /cars HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    expect(twoHosts).toMatch(/^HTTP\/1\.1 400 /);
    const tunnel = await rawRequest(port, `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`);
    expect(tunnel).toMatch(/^HTTP\/1\.1 405 /);
    expect(tunnel).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    const expectation = await send(port, "GET", "/", { headers: { Expect: "junk" } });
    expect(expectation.status).toBe(417);
    expect(expectation.headers["content-security-policy"]).toBeDefined();
    expect(expectation.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("refuses what would hold the server's thread: thousands of path segments, thousands of form fields", async () => {
    const { port } = server;
    const origin = `http://127.0.0.1:${port}`;
    // Rendering a page grows with the square of its path's depth (7,900 segments took 4 s); no address is that deep.
    const deep = await send(port, "GET", `/${"a/".repeat(5_000)}`);
    expect(deep.status).toBe(404);
    expect(deep.headers["content-type"]).toMatch(/^text\/plain/);
    expect((await send(port, "GET", `/cars/${"a/".repeat(10)}`)).status).toBe(404);
    // One field repeated 30,000 times once held the thread 6 s in the forms' parsing; every action is behind the guard.
    for (const path of ["/contact", "/sign-in", "/contact.data"]) {
      const answer = await send(port, "POST", path, {
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "name=a&".repeat(30_000),
      });
      expect(answer.status, path).toBe(413);
      expect(answer.body, path).toContain("This form has too many fields");
    }
    // One field placed in row 100,000 of a list: the listing editor once drew every row of the refused form again and
    // held the thread for minutes. No list of ours has 200 rows.
    for (const [path, name] of <[string, string][]>[
      ["/edit/listings/new", "highlights[100000]"],
      ["/edit/listings/new.data", "specifications[5000].label"],
      ["/contact", "name[200]"],
    ]) {
      const answer = await send(port, "POST", path, {
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ _action: "save", [name]: "x" }).toString(),
      });
      expect(answer.status, name).toBe(413);
      expect(answer.body, name).toContain("This form has too many fields");
    }
    expect(FORM_LIST_ROWS_LIMIT).toBeGreaterThan(MAX_SPECIFICATIONS + 20);
    expect(FORM_LIST_ROWS_LIMIT).toBeGreaterThan(MAX_PHOTOS);
    // A real form is far below the limit (the largest, a listing's editor, has about 250 fields).
    const contact = await send(port, "POST", "/contact", {
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({
        name: "Ada Lovelace",
        email: "ada@example.com",
        interest: "Cars",
        message: "A real enquiry about a car.",
        submission_id: crypto.randomUUID(),
      }).toString(),
    });
    expect(contact.status).toBe(303);
  });

  it("sends the visitor back only to a page of this site, however the address is spelled, and never answers 500", async () => {
    const { port } = server;
    const origin = `http://127.0.0.1:${port}`;
    for (const returnTo of [
      "/.//evil.example",
      "/x/..//evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "https://evil.example/",
    ]) {
      const answer = await send(port, "GET", `/currency?currency=listed&returnTo=${encodeURIComponent(returnTo)}`);
      expect(answer.status, returnTo).toBe(303);
      expect(answer.headers.location, returnTo).toBe("/");
    }
    // Without returnTo, the page the link was on (its Referer), by the same rule.
    const referer = (value: string) => send(port, "GET", "/currency?currency=EUR", { headers: { Referer: value } });
    expect((await referer(`${origin}/.//evil.example`)).headers.location).toBe("/");
    expect((await referer(`${origin}/cars?sort=newest`)).headers.location).toBe("/cars?sort=newest");
    expect((await referer("https://evil.example/cars")).headers.location).toBe("/");

    const heart = (returnTo: string) =>
      send(port, "POST", "/shortlist/items", {
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add", listing: "bugatti-chiron-2019", returnTo }).toString(),
      });
    const euro = await heart("/€");
    expect(euro.status).toBeLessThan(400);
    expect(euro.headers.location).toBe("/%E2%82%AC");
    expect((await heart("/\t/evil.example")).headers.location).toBe("/shortlist");
    expect((await heart("/.//evil.example")).headers.location).toBe("/shortlist");
    expect((await heart("/cars#shortlist-bugatti-chiron-2019")).headers.location).toBe("/cars#shortlist-bugatti-chiron-2019");
  });

  it("refuses what the database cannot store with 400, never 500: a JSON-escaped NUL in a form, a NUL in an upload's alt text", async () => {
    const { port } = server;
    const origin = `http://127.0.0.1:${port}`;
    const owner = { Origin: origin, Cookie: ownerCookie };
    const order = await send(port, "POST", "/edit/listings/order?list=carousel", {
      headers: { ...owner, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", ids: '["a\\u0000b"]' }).toString(),
    });
    expect(order.status).toBe(400);
    const upload = multipart(
      { alt: "The hall\u0000at night" },
      { name: "file", filename: "hall.jpg", type: "image/jpeg", data: await makeJpeg(300, 200) },
    );
    const photo = await send(port, "POST", "/edit/api/listings/bugatti-chiron-2019/photos", {
      headers: { ...owner, "Content-Type": upload.type },
      body: upload.body,
    });
    expect(photo.status).toBe(400);
    expect(JSON.parse(photo.body)).toEqual({ error: "Alt text must be one line of plain text." });
    // A file sent to a form that takes none is refused before the action reads it.
    const withFile = multipart({ name: "Rita" }, { name: "message", filename: "x.txt", type: "text/plain", data: Buffer.from("hello") });
    const contact = await send(port, "POST", "/contact", { headers: { Origin: origin, "Content-Type": withFile.type }, body: withFile.body });
    expect(contact.status).toBe(400);
    expect(contact.body).toContain("does not take files");
  });

  it("reads malformed and oversized cookies as no cookie", async () => {
    const { port } = server;
    for (const cookie of ["%", "ws_shortlist=%E0%A4%A", "ws_currency=%ff", `ws_shortlist=${"a".repeat(8 * 1024)}`, "better-auth.session_token=%zz"]) {
      for (const path of ["/", "/cars", "/shortlist", "/edit"]) {
        const answer = await send(port, "GET", path, { headers: { Cookie: cookie, Accept: "text/html" } });
        expect(answer.status, `${path} with ${cookie.slice(0, 30)}`).toBeLessThan(500);
      }
    }
    expect((await send(port, "GET", "/%E0%A4%A")).status).toBe(400);
    expect((await send(port, "GET", "/cars/%")).status).toBe(400);
    const tooLong = await send(port, "GET", `/cars?q=${"a".repeat(20 * 1024)}`);
    expect(tooLong.status).toBe(431);
    // Refused by Node before Express: the baseline headers all the same.
    expect(tooLong.headers).toMatchObject({ "x-content-type-options": "nosniff", "x-frame-options": "DENY", "cache-control": "no-store" });
    expect(tooLong.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(tooLong.body).toBe("This request's headers are too large.\n");
    const garbage = await rawRequest(port, "NOT HTTP AT ALL\r\n\r\n");
    expect(garbage).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(garbage).toContain("X-Content-Type-Options: nosniff");
  });

  it("refuses a 200 MB body while it streams: 413 within a second, memory barely moves", async () => {
    const { port, child } = server;
    const before = rssOf(child.pid!);
    const started = Date.now();
    const answer = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/contact",
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${port}`, "Transfer-Encoding": "chunked" },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      // Once the answer is in, the server closing the connection on the rest of the body is expected; before
      // it, a reset means the answer was lost: fail at once with the reason rather than wait for the timeout.
      request.on("error", (error) => reject(new Error(`no answer before the connection closed: ${error.message}`)));
      const chunk = Buffer.alloc(1024 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < 200 && !request.destroyed) {
          sent++;
          if (!request.write(chunk)) return void request.once("drain", pump);
        }
        request.end();
      };
      pump();
    });
    const elapsed = Date.now() - started;
    expect(answer).toBe(413);
    expect(elapsed).toBeLessThan(1_000);
    expect(rssOf(child.pid!) - before).toBeLessThan(50 * 1024 * 1024);
    // A declared length over the limit is refused before a byte of the body is sent.
    const declared = await statusLineOf(
      port,
      `POST /sign-in HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${300 * 1024}\r\n\r\n`,
    );
    expect(declared).toBe("HTTP/1.1 413 Payload Too Large");
    // The server is still answering.
    expect((await send(port, "GET", "/healthz")).status).toBe(200);
  }, 30_000);

  it("answers an enquiry past the rate limit with 429 and Retry-After, with and without JavaScript", async () => {
    const { port } = server;
    const origin = `http://127.0.0.1:${port}`;
    // One visitor of its own (the server trusts one proxy hop), so other tests' enquiries do not count.
    const visitor = { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.77" };
    const enquiry = () =>
      new URLSearchParams({
        name: "Rita Limit",
        email: "rita@example.test",
        interest: "Cars",
        message: "Please call me about the coupe.",
        submission_id: crypto.randomUUID(),
      }).toString();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await send(port, "POST", "/contact", { headers: visitor, body: enquiry() })).status);
    // Each accepted plain post is sent back to the page (post, redirect, get).
    expect(statuses).toEqual([303, 303, 303, 303, 303]);
    const page = await send(port, "POST", "/contact", { headers: { ...visitor, Accept: "text/html" }, body: enquiry() });
    expect(page.status).toBe(429);
    expect(Number(page.headers["retry-after"])).toBeGreaterThan(0);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain("Rita Limit");
    const fetched = await send(port, "POST", "/contact.data", { headers: visitor, body: enquiry() });
    expect(fetched.status).toBe(429);
    expect(Number(fetched.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("keeps Retry-After on the 429 of a forgotten password and of a password asked again, on the page and its data request", async () => {
    const { port } = server;
    const form = { Origin: `http://127.0.0.1:${port}`, "Content-Type": "application/x-www-form-urlencoded" };
    const forgot = (address: string, path = "/forgot-password") =>
      send(port, "POST", path, {
        headers: { ...form, Accept: "text/html", "X-Forwarded-For": address },
        body: new URLSearchParams({ email: "someone@example.test" }).toString(),
      });
    for (let attempt = 0; attempt < 5; attempt++) expect((await forgot("203.0.113.88")).status).toBe(200);
    for (const path of ["/forgot-password", "/forgot-password.data"]) {
      const refused = await forgot("203.0.113.88", path);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers["retry-after"]), path).toBeGreaterThan(0);
      expect(refused.headers["cache-control"], path).toBe("no-store");
    }

    // Someone holding a stolen session guesses the current password: limited like sign-in.
    const change = (path = "/edit/account") =>
      send(port, "POST", path, {
        headers: { ...form, Accept: "text/html", Cookie: ownerCookie, "X-Forwarded-For": "203.0.113.89" },
        body: new URLSearchParams({
          intent: "change-password",
          currentPassword: "a wrong guess at it",
          password: "the thief's own passphrase",
          confirm: "the thief's own passphrase",
        }).toString(),
      });
    for (let attempt = 0; attempt < 10; attempt++) expect((await change()).status).toBe(400);
    for (const path of ["/edit/account", "/edit/account.data"]) {
      const refused = await change(path);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers["retry-after"]), path).toBeGreaterThan(0);
    }
  });

  it("sets session cookies by how the request arrived: __Host- and Secure over HTTPS, HttpOnly, SameSite=Lax, no Domain", async () => {
    const { port } = server;
    const signIn = (headers: Record<string, string>) =>
      send(port, "POST", "/sign-in", {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${port}`, ...headers },
        body: new URLSearchParams({ email: "walker@example.test", password: "walk every route 2026" }).toString(),
      });
    const overHttps = await signIn({ "X-Forwarded-Proto": "https", Origin: `https://127.0.0.1:${port}` });
    expect(overHttps.status).toBe(302);
    const secureCookie = (overHttps.headers["set-cookie"] ?? []).find((cookie) => cookie.includes("session_token="))!;
    expect(secureCookie).toMatch(/^__Host-better-auth\.session_token=/);
    expect(secureCookie).toMatch(/; Secure/i);
    expect(secureCookie).toMatch(/; HttpOnly/i);
    expect(secureCookie).toMatch(/; SameSite=Lax/i);
    expect(secureCookie).toMatch(/; Path=\//i);
    expect(secureCookie).not.toMatch(/Domain=/i);
    // The cookie opens the admin over HTTPS.
    const admin = await send(port, "GET", "/edit", {
      headers: { Cookie: secureCookie.split(";")[0]!, "X-Forwarded-Proto": "https", Accept: "text/html" },
    });
    expect(admin.status).toBe(200);

    const overHttp = await signIn({});
    const plainCookie = (overHttp.headers["set-cookie"] ?? []).find((cookie) => cookie.includes("session_token="))!;
    expect(plainCookie).toMatch(/^better-auth\.session_token=/);
    expect(plainCookie).not.toMatch(/; Secure/i);
    expect(plainCookie).toMatch(/; HttpOnly/i);
    expect(plainCookie).toMatch(/; SameSite=Lax/i);
  });

  it("sends the security headers on every kind of response", async () => {
    const { port } = server;
    const page = await send(port, "GET", "/about");
    const asset = page.body.match(/\/assets\/[\w.-]+\.js/)![0];
    const answers: Record<string, Answer> = {
      page,
      "not found": await send(port, "GET", "/no-such-page"),
      "data request": await send(port, "GET", "/about.data"),
      json: await send(port, "GET", "/healthz"),
      "static asset": await send(port, "GET", asset),
      "robots.txt": await send(port, "GET", "/robots.txt"),
      "sitemap.xml": await send(port, "GET", "/sitemap.xml"),
      "refused method": await send(port, "DELETE", "/about"),
      "refused target": await send(port, "GET", "/cars/%00"),
      "refused host": await send(port, "GET", "/cars", { headers: { Host: "a b" } }),
      "too large": await send(port, "POST", "/contact", {
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(300 * 1024) },
        body: Buffer.alloc(300 * 1024, "a"),
      }),
      "admin redirect": await send(port, "GET", "/edit", { headers: { Accept: "text/html" } }),
      "admin page": await send(port, "GET", "/edit/enquiries", { headers: { Cookie: ownerCookie, Accept: "text/html" } }),
    };
    for (const [kind, answer] of Object.entries(answers)) {
      expect(answer.headers["content-security-policy"], kind).toMatch(/default-src|frame-ancestors 'none'/);
      expect(answer.headers["strict-transport-security"], kind).toContain("max-age=31536000");
      expect(answer.headers["x-content-type-options"], kind).toBe("nosniff");
      expect(answer.headers["referrer-policy"], kind).toBe("strict-origin-when-cross-origin");
      expect(answer.headers["x-frame-options"], kind).toBe("DENY");
      expect(answer.headers["x-powered-by"], kind).toBeUndefined();
    }
    // Pages, public and staff, run no inline style or script but what carries this response's nonce or, on a page
    // from the page cache, what its policy lists by hash: no style attribute in any page
    // (docs/decisions/0032-no-inline-styles.md), and the browser tests fail on any violation.
    for (const kind of ["page", "admin page"]) {
      const policy = String(answers[kind]!.headers["content-security-policy"]);
      expect(policy, kind).not.toContain("unsafe-inline");
      expect(policy, kind).toMatch(/style-src 'self'( 'nonce-[^']+')?;/);
      expect(policy, kind).toMatch(/script-src 'self' '(nonce|sha256)-/);
      expect(refusedInlineScripts(answers[kind]!.body, policy), kind).toEqual([]);
      expect(answers[kind]!.body, kind).not.toMatch(/<[^>]+\sstyle=/);
    }
    // Staff pages are never kept: theirs is always this response's nonce.
    expect(String(answers["admin page"]!.headers["content-security-policy"])).toMatch(/script-src 'self' 'nonce-/);
    expect(answers["too large"]!.status).toBe(413);
    expect(answers["admin page"]!.status).toBe(200);
    expect(answers["admin page"]!.headers["cache-control"]).toBe("no-store");
  });
});
