import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg } from "../tests/fixtures/images";
import { httpGet, httpPostForm, httpRequest, startProductionServer, type HttpAnswer, type ProductionServer } from "../tests/setup/production-server";

/**
 * What the production build answers to requests that are the client's fault, as the outside audit sent them: each
 * says what happened in plain words (a sign-in, a refusal, a form sent where none is taken, an address that does not
 * exist) with its own status and headers, never the "Unexpected Application Error!" fallback, which stays for our own
 * failures; no answer carries React Router's or zod's internal wording; and a file's `.data` address is no second copy
 * of the file. The pages are checked through their HTML: status, headers, heading, title.
 */
const LISTING = "/cars/bugatti-chiron-2019";

const headingOf = (html: string) => /<h1\b[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const titlesOf = (html: string) => [...html.matchAll(/<title\b[^>]*>([^<]*)<\/title>/g)].map((match) => match[1]);
/** React Router's and zod's own wording ("You made a POST request … did not provide an `action`", the schema's discriminator), and the fallback's. */
const INTERNALS = /You made a|did not provide|discriminator|Unexpected (Server|Application) Error/;

describe("answers to requests that are the client's fault", () => {
  let server: ProductionServer;
  let ownerCookie = "";
  let mediaUrl = "";
  const origin = () => `http://127.0.0.1:${server.port}`;
  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    httpPostForm(server.port, path, form, { Origin: origin(), ...headers });

  beforeAll(async () => {
    server = await startProductionServer();
    const token = server.output().match(/\/setup\?token=([\w-]+)/)![1]!;
    const password = "answer every refusal 2026";
    const setup = await post("/setup", { token, email: "answers@example.test", name: "Answers", password, confirm: password });
    ownerCookie = (setup.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
    expect(ownerCookie).toContain("session_token");
    // A media file of our own, for its `.data` address.
    const boundary = "----error-answers-boundary";
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="hall.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      await makeJpeg(300, 200),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await httpRequest(server.port, "/edit/api/media", {
      method: "POST",
      headers: { Origin: origin(), Cookie: ownerCookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(upload.status).toBe(201);
    mediaUrl = (JSON.parse(upload.body) as { item: { url: string } }).item.url;
  }, 120_000);
  afterAll(() => server?.stop());

  /** A page in the site's look for a refused request: its status, its heading, one title naming it, no internals. */
  function expectRefusalPage(answer: HttpAnswer, status: number, heading: string, what: string) {
    expect(answer.status, what).toBe(status);
    expect(answer.headers["content-type"], what).toMatch(/^text\/html/);
    expect(headingOf(answer.body), what).toBe(heading);
    expect(titlesOf(answer.body), what).toEqual([expect.stringContaining(heading)]);
    expect(answer.body, what).toContain(`Error ${status}`);
    expect(answer.body, what).not.toMatch(INTERNALS);
  }

  it("asks a signed-out visitor to sign in, with a link to the sign-in page, where a page would not redirect", async () => {
    // curl's default Accept (*/*) is a script's: 401, not the redirect home a browser gets.
    for (const path of ["/edit", "/edit/users", "/edit/enquiries"]) {
      const answer = await httpGet(server.port, path);
      expectRefusalPage(answer, 401, "Please sign in", path);
      expect(answer.body, path).toContain('href="/sign-in"');
    }
    const browser = await httpGet(server.port, "/edit", { Accept: "text/html" });
    expect(browser.status).toBe(302);
    expect(browser.headers.location).toBe("/");
    // A form posted to an admin screen without a session.
    expectRefusalPage(await post("/edit/users", { a: "1" }), 401, "Please sign in", "POST /edit/users");
  });

  it("says a form sent from another site was refused: our own check (403) and React Router's (400)", async () => {
    for (const path of ["/sign-in", "/forgot-password", "/reset-password", "/setup", "/accept-invitation", "/sign-in/two-factor"]) {
      const answer = await httpPostForm(server.port, path, { email: "a@b.co", password: "x" }, { "Sec-Fetch-Site": "cross-site" });
      expectRefusalPage(answer, 403, "Not allowed", path);
      expect(answer.body, path).toContain("This request came from another site and was refused.");
    }
    // An Origin of another site: React Router refuses before any action runs, on a page and on its data address.
    for (const path of ["/contact", "/contact.data"]) {
      const answer = await httpPostForm(server.port, path, { name: "a" }, { Origin: "https://evil.example" });
      expect(answer.status, path).toBe(400);
      expect(answer.headers["content-type"], path).toMatch(/^text\/plain/);
      expect(answer.body, path).toBe("This form was sent from another site and was refused.\n");
    }
  });

  it("answers a form posted to a page that takes none with 405, Allow: GET, HEAD and a page that says so", async () => {
    const pages: [path: string, cookie?: string][] = [
      ["/"],
      ["/about"],
      ["/cars"],
      ["/?index"],
      ["/edit", ownerCookie],
      ["/edit/activity", ownerCookie],
    ];
    for (const [path, cookie] of pages) {
      const answer = await post(path, { a: "1" }, cookie ? { Cookie: cookie } : {});
      expectRefusalPage(answer, 405, "This page does not accept forms", `POST ${path}`);
      expect(answer.headers.allow, path).toBe("GET, HEAD");
    }
    // Signed out, the admin area's first answer is still the sign-in it needs.
    expect((await post("/edit", { a: "1" })).status).toBe(401);
  });

  it("answers a form posted to an address that does not exist with the 404 page, as its GET does", async () => {
    for (const path of ["/nope", "/a/b/c", "/cars?page=999"]) {
      const answer = await post(path, { a: "1" });
      expect(answer.status, path).toBe(404);
      expect(headingOf(answer.body), path).toBe("This page is not in our collection");
      expect(answer.body, path).not.toMatch(INTERNALS);
    }
  });

  it("answers a form posted to a file or a feed with a plain 405 and Allow: GET, HEAD", async () => {
    for (const path of ["/sitemap.xml", "/robots.txt", "/site.webmanifest", "/enquiry-config", "/media/x", "/social/cars/x.jpg", mediaUrl]) {
      const answer = await post(path, { a: "1" });
      expect(answer.status, path).toBe(405);
      expect(answer.headers.allow, path).toBe("GET, HEAD");
      expect(answer.headers["content-type"], path).toMatch(/^text\/plain/);
      expect(answer.body, path).toBe("This address does not accept forms.\n");
    }
  });

  it("answers an address under /edit/api/ that no API has as the API would: JSON, 404, signed in or out", async () => {
    for (const path of ["/edit/api/x", "/edit/api/", "/edit/api/content/x", "/edit/api/x.data"]) {
      const asked: Record<string, string>[] = [{}, { Accept: "text/html" }, { Accept: "text/html", Cookie: ownerCookie }];
      for (const headers of asked) {
        const answer = await httpGet(server.port, path, headers);
        expect(answer.status, path).toBe(404);
        expect(JSON.parse(answer.body), path).toEqual({ error: "This address does not exist." });
      }
    }
    // The API itself still answers as before.
    const signedOut = await httpGet(server.port, "/edit/api/content-blocks");
    expect(signedOut.status).toBe(401);
    expect(JSON.parse(signedOut.body)).toEqual({ error: "Sign in as a member of staff to continue." });
  });

  it("keeps internals out of data answers: a post to a page without a form, the second sign-in step", async () => {
    const category = await post("/cars.data", { a: "1" });
    expect(category.status).toBe(405);
    expect(category.headers.allow).toBe("GET, HEAD");
    expect(category.body).not.toMatch(INTERNALS);
    // Without the page's hidden field, the second step answers as its page would: the form's own words.
    const expired = await post("/sign-in/two-factor.data", { code: "123456" });
    expect(expired.body).toContain("Your sign-in has expired. Sign in again with your password.");
    expect(expired.body).not.toMatch(INTERNALS);
    const short = await post("/sign-in/two-factor.data", { code: "12" });
    expect(short.status).toBe(400);
    expect(short.body).toContain("Enter the 6-digit code from your authenticator app.");
    expect(short.body).not.toMatch(INTERNALS);
    // The page itself, as before: no challenge, back to the first step.
    const page = await post("/sign-in/two-factor", { code: "123456" });
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe("/sign-in");
  });

  it("answers a file's `.data` address with 404, and leaves pages' data and the router's own requests alone", async () => {
    for (const path of [
      `${mediaUrl}.data`,
      `${LISTING}/brochure.pdf.data`,
      "/social/cars/bugatti-chiron-2019.jpg.data",
      "/sitemap.xml.data",
      "/robots.txt.data",
      "/site.webmanifest.data",
      "/enquiry-config.data",
    ]) {
      const answer = await httpGet(server.port, path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers["content-type"], path).toMatch(/^text\/plain/);
      expect(answer.body, path).toBe("This page does not exist. Please check the link.\n");
    }
    // The files themselves.
    expect((await httpGet(server.port, mediaUrl)).headers["content-type"]).toBe("image/webp");
    expect((await httpGet(server.port, `${LISTING}/brochure.pdf`)).status).toBe(200);
    expect((await httpGet(server.port, "/sitemap.xml")).status).toBe(200);
    // Pages' data: a navigation, the home page's (/_.data), a revalidation of chosen routes.
    for (const path of ["/cars.data", `${LISTING}.data`, "/_.data", "/cars.data?_routes=root", "/about.data"]) {
      const answer = await httpGet(server.port, path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers["content-type"], path).toMatch(/^text\/x-script/);
    }
    // A fetcher's load of a resource route names it (the content list's "Load More"), and a fetcher posts to an action.
    const more = await httpGet(server.port, "/edit/api/content-blocks.data?offset=0&_routes=routes/admin/api/content-blocks", {
      Cookie: ownerCookie,
    });
    expect(more.status).toBe(200);
    expect(more.body).toContain('"blocks"');
    const heart = await post("/shortlist/items.data", { intent: "add", listing: "bugatti-chiron-2019" });
    expect(heart.status).toBe(202);
    expect(heart.body).toContain('"redirect"');
  });
});
