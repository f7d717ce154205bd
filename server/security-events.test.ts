import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpGet, httpRequest, startProductionServer, type HttpAnswer, type ProductionServer } from "../tests/setup/production-server";
import { startHttpStub, type HttpStub } from "../tests/stubs/http-stub";

/**
 * The security events an operator watches, each as one JSON line with its time, actor, address and outcome, on the
 * production build: a throttled sign-in, a refused upload, a refused Turnstile answer, a password change (refused and
 * done) and a revoked session. Sign-ins, sign-outs, refused origins and account creation are in log-canaries.test.ts.
 */
const EMAIL = "events-owner@example.test";
const PASSWORD = "security events first passphrase";
const NEW_PASSWORD = "security events second passphrase";

type Answer = HttpAnswer;

const send = (port: number, path: string, body: string | Buffer, headers: Record<string, string>) =>
  httpRequest(port, path, { method: "POST", headers: { Origin: `http://127.0.0.1:${port}`, ...headers }, body });

const postForm = (port: number, path: string, form: Record<string, string>, cookie = "") =>
  send(port, path, new URLSearchParams(form).toString(), {
    "Content-Type": "application/x-www-form-urlencoded",
    Accept: "text/html",
    ...(cookie ? { Cookie: cookie } : {}),
  });

function sessionCookieOf(answer: Answer): string {
  const cookie = (answer.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]!).find((line) => /session_token=./.test(line));
  if (!cookie) throw new Error(`no session cookie in the answer (${answer.status})`);
  return cookie;
}

describe("security events in the log", () => {
  let server: ProductionServer;
  let siteverify: HttpStub;
  beforeAll(async () => {
    // Turnstile's siteverify refuses every token, as it does a forged or reused one.
    siteverify = await startHttpStub(() => ({ json: { success: false, "error-codes": ["invalid-input-response"] } }));
    server = await startProductionServer({
      LOG_LEVEL: "info",
      TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
      TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
      TURNSTILE_VERIFY_URL: siteverify.url,
    });
  }, 120_000);
  afterAll(async () => {
    server?.stop();
    await siteverify?.stop();
  });

  it("are one JSON line each, with time, actor, address and outcome", async () => {
    const { port } = server;
    const token = /\/setup\?token=([\w-]+)/.exec(server.output())![1]!;
    let cookie = sessionCookieOf(
      await postForm(port, "/setup", { token, email: EMAIL, name: "Events Owner", password: PASSWORD, confirm: PASSWORD }),
    );

    // A password change refused (wrong current password), then done.
    const change = (current: string) =>
      postForm(port, "/edit/account", { intent: "change-password", currentPassword: current, password: NEW_PASSWORD, confirm: NEW_PASSWORD }, cookie);
    expect((await change("not the current password")).status).toBe(400);
    const changed = await change(PASSWORD);
    expect(changed.status).toBe(200);
    cookie = sessionCookieOf(changed);

    // Another browser's session, signed out from this one.
    sessionCookieOf(await postForm(port, "/sign-in", { email: EMAIL, password: NEW_PASSWORD }));
    const page = await httpGet(port, "/edit/account", { Cookie: cookie });
    // The list starts with this browser's session; the others follow.
    const others = [...page.body.matchAll(/name="sessionId" value="([^"]+)"/g)].map((match) => match[1]!).slice(1);
    expect(others.length).toBeGreaterThan(0);
    expect((await postForm(port, "/edit/account", { intent: "revoke-session", sessionId: others.at(-1)! }, cookie)).status).toBe(200);

    // A text file sent as a photo.
    const boundary = "security-events-boundary";
    const upload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot a picture at all\r\n--${boundary}--\r\n`,
    );
    expect(
      (await send(port, "/edit/api/media", upload, { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie })).status,
    ).toBe(415);

    // An enquiry whose Turnstile answer siteverify refuses.
    const enquiry = await postForm(port, "/contact", {
      name: "Events Visitor",
      email: "visitor@example.test",
      interest: "Cars",
      message: "A question.",
      submission_id: crypto.randomUUID(),
      "cf-turnstile-response": "a-token-siteverify-refuses",
    });
    expect(enquiry.status).toBe(403);
    expect(siteverify.requests).toHaveLength(1);

    // Wrong passwords from one address until it is held back.
    let throttled: Answer | undefined;
    for (let attempt = 0; attempt < 15 && !throttled; attempt++) {
      const answer = await postForm(port, "/sign-in", { email: EMAIL, password: `wrong password ${attempt}` });
      if (answer.status === 429) throttled = answer;
    }
    expect(throttled?.headers["retry-after"]).toMatch(/^\d+$/);

    await new Promise((resolve) => setTimeout(resolve, 300));
    const records = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const security = records.filter((record) => typeof record.security === "string");
    for (const record of security) expect(record).toMatchObject({ time: expect.any(String), outcome: expect.any(String), ip: "127.0.0.1" });
    expect(security).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ security: "password-changed", outcome: "refused", actor: EMAIL }),
        expect.objectContaining({ security: "password-changed", outcome: "success", actor: EMAIL }),
        expect.objectContaining({ security: "session-revoked", outcome: "success", actor: EMAIL }),
        expect.objectContaining({ security: "upload-refused", outcome: "refused", actor: EMAIL }),
        expect.objectContaining({ security: "turnstile-failed", outcome: "refused" }),
        expect.objectContaining({ security: "sign-in-throttled", outcome: "refused", actor: EMAIL }),
      ]),
    );
  }, 90_000);
});
