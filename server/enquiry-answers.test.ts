import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECEIVED_MESSAGE } from "#app/domain/enquiry-result";
import { INTEREST_OPTIONS } from "#app/domain/enquiry-schemas";
import { httpGet, httpPostForm, startProductionServer, type ProductionServer } from "../tests/setup/production-server";

/**
 * How an enquiry is answered, by the production build: a plain form post (no JavaScript) that succeeded is sent back
 * to its page, which says so and is the same page for every visitor; a post with JavaScript gets data; a failed plain
 * post is the page again with what was typed.
 */
const LISTING = "/cars/bugatti-chiron-2019";

const enquiry = (fields: Record<string, string> = {}) => ({
  name: "Answer Visitor",
  email: "answer.visitor@example.test",
  message: "Please send the full specification and the viewing times.",
  submission_id: crypto.randomUUID(),
  ...fields,
});

describe("what an enquiry is answered with", () => {
  let server: ProductionServer;
  // No mail transport: every enquiry is stored and "received", its e-mails wait in the outbox.
  beforeAll(async () => (server = await startProductionServer()), 60_000);
  afterAll(() => server?.stop());
  const origin = () => `http://127.0.0.1:${server.port}`;

  it("without JavaScript, a sent form leads back to its page, which says it was received; the post is not rendered", async () => {
    const posted = await httpPostForm(server.port, "/contact", enquiry({ interest: INTEREST_OPTIONS[0]!.value }), {
      Origin: origin(),
      Accept: "text/html",
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe("/contact?enquiry=received");
    expect(posted.headers["cache-control"]).toBe("no-store");
    expect(posted.body).not.toContain("<html");

    const page = await httpGet(server.port, posted.headers.location!);
    expect(page.status).toBe(200);
    expect(page.body).toContain(RECEIVED_MESSAGE.replace("'", "&#x27;"));
    // The page after the post holds nothing of the visitor's, so every visitor may be given the same one.
    expect(page.body).not.toContain("Answer Visitor");
    expect((await httpGet(server.port, posted.headers.location!)).headers["x-page-cache"]).toBe("hit");
  });

  it("a detail page's form keeps the page's own address, query included", async () => {
    const posted = await httpPostForm(server.port, `${LISTING}?from=search`, enquiry({ contact_method: "email" }), {
      Origin: origin(),
      Accept: "text/html",
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`${LISTING}?from=search&enquiry=received`);
    const page = await httpGet(server.port, posted.headers.location!);
    expect(page.body).toContain(RECEIVED_MESSAGE.replace("'", "&#x27;"));
  });

  it("with JavaScript (the route's data address), the answer is data, not a redirect", async () => {
    const posted = await httpPostForm(server.port, "/contact.data", enquiry({ interest: INTEREST_OPTIONS[0]!.value }), { Origin: origin() });
    expect(posted.status).toBe(200);
    expect(posted.body).toContain('"success"');
    expect(posted.body).toContain('"received"');
  });

  it("with JavaScript, the data answer is sent as it is, even to a browser that takes brotli; a page's data is compressed", async () => {
    const headers = { Origin: origin(), "Accept-Encoding": "gzip, deflate, br, zstd" };
    const posted = await httpPostForm(server.port, "/contact.data", enquiry({ interest: INTEREST_OPTIONS[0]!.value }), headers);
    expect(posted.status).toBe(200);
    // About a hundred bytes, which a compressor would make larger.
    expect(posted.headers["content-encoding"]).toBeUndefined();
    expect(posted.body).toContain('"success"');
    expect(Buffer.byteLength(posted.body)).toBeLessThan(1024);
    // What the page loads by script on a client-side visit (its loader's data) is still compressed.
    const loaderData = await httpGet(server.port, "/contact.data", { "Accept-Encoding": headers["Accept-Encoding"] });
    expect(loaderData.status).toBe(200);
    expect(loaderData.headers["content-encoding"]).toBe("br");
  });

  it("a failed plain post is the page again, with what was typed and the reason", async () => {
    const posted = await httpPostForm(server.port, "/contact", enquiry({ email: "not-an-address", interest: INTEREST_OPTIONS[0]!.value }), {
      Origin: origin(),
      Accept: "text/html",
    });
    expect(posted.status).toBe(400);
    expect(posted.body).toContain('value="Answer Visitor"');
    expect(posted.body).toContain('value="not-an-address"');
  });
});
