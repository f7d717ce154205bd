import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpStub, type SmtpStub } from "../tests/stubs/smtp-stub";
import { httpGet, httpPostForm, startProductionServer, type HttpAnswer, type ProductionServer } from "../tests/setup/production-server";
import { secretFromUri, totpCode } from "../tests/setup/totp";

/**
 * A member of staff's own account with plain forms, as a browser without JavaScript sends them: the page is answered
 * in the same request as the form. Changing the password and turning two-step sign-in on or off give the browser a
 * new session; the page answered must be the signed-in page under that session (with the recovery codes, shown
 * once), not a trip to the home page that loses both. A reset link's success page answers 200 like any page.
 */
const EMAIL = "plain-forms@example.test";
const PASSWORD = "plain forms first passphrase";
const NEW_PASSWORD = "plain forms second passphrase";

type Answer = HttpAnswer;

const postForm = (port: number, pathname: string, form: Record<string, string>, cookie = "") =>
  httpPostForm(port, pathname, form, { Origin: `http://127.0.0.1:${port}`, Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) });

/** The session cookie an answer sets, as the browser would send it back. */
function sessionCookieOf(answer: Answer): string | undefined {
  return (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]!).find((cookie) => /session_token=./.test(cookie));
}

async function openAccount(port: number, cookie: string) {
  return httpGet(port, "/edit/account", { Accept: "text/html", Cookie: cookie });
}

describe("a member of staff's account with plain forms (no JavaScript)", () => {
  let server: ProductionServer;
  let smtp: SmtpStub;
  let cookie = "";
  beforeAll(async () => {
    smtp = await startSmtpStub();
    server = await startProductionServer({ SMTP_URL: smtp.url });
    const token = server.output().match(/\/setup\?token=([\w-]+)/)![1]!;
    const setup = await postForm(server.port, "/setup", { token, email: EMAIL, name: "Plain Forms", password: PASSWORD, confirm: PASSWORD });
    cookie = sessionCookieOf(setup)!;
    expect(cookie).toBeTruthy();
  }, 120_000);
  afterAll(async () => {
    server?.stop();
    await smtp?.stop();
  });

  it("changes the password and stays signed in on the new session; the other browser is signed out", async () => {
    const { port } = server;
    const other = sessionCookieOf(await postForm(port, "/sign-in", { email: EMAIL, password: PASSWORD }))!;
    const changed = await postForm(
      port,
      "/edit/account",
      { intent: "change-password", currentPassword: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      cookie,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toContain("Your password has been changed. Every other session has been signed out.");
    const renewed = sessionCookieOf(changed);
    expect(renewed, "the answer gives this browser its new session").toBeTruthy();
    cookie = renewed!;
    expect((await openAccount(port, cookie)).status).toBe(200);
    expect((await openAccount(port, other)).status).toBe(302);
  }, 60_000);

  it("turns two-step sign-in on, showing the recovery codes once on the page, and off again, signed in throughout", async () => {
    const { port } = server;
    const started = await postForm(port, "/edit/account", { intent: "two-factor-start", currentPassword: NEW_PASSWORD }, cookie);
    expect(started.status).toBe(200);
    const totpUri = /otpauth:\/\/totp\/[^"<]+/.exec(started.body)![0].replaceAll("&amp;", "&");
    const on = await postForm(port, "/edit/account", { intent: "two-factor-confirm", code: totpCode(secretFromUri(totpUri)), totpUri }, cookie);
    expect(on.status).toBe(200);
    expect(on.body).toContain("Two-step sign-in is on.");
    const codes = new Set([...on.body.matchAll(/>([A-Za-z0-9]{5}-[A-Za-z0-9]{5})</g)].map((match) => match[1]));
    expect(codes.size).toBe(10);
    cookie = sessionCookieOf(on)!;
    expect((await openAccount(port, cookie)).status).toBe(200);

    const off = await postForm(port, "/edit/account", { intent: "two-factor-disable", currentPassword: NEW_PASSWORD }, cookie);
    expect(off.status).toBe(200);
    expect(off.body).toContain("Two-step sign-in is off.");
    cookie = sessionCookieOf(off)!;
    expect((await openAccount(port, cookie)).status).toBe(200);
  }, 60_000);

  it("resets a forgotten password: the success page answers 200, the used link 404", async () => {
    const { port } = server;
    expect((await postForm(port, "/forgot-password", { email: EMAIL })).status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    // Quoted-printable: soft line breaks, "=" written "=3D".
    const token = /reset-password\?token=([\w-]+)/.exec(mail!.raw.replace(/=\r?\n/g, "").replaceAll("=3D", "="))![1]!;
    const link = `/reset-password?token=${token}`;
    const reset = await postForm(port, link, { token, password: PASSWORD, confirm: PASSWORD });
    expect(reset.status).toBe(302);
    const done = await httpGet(port, reset.headers.location!, { Accept: "text/html" });
    expect(done.status).toBe(200);
    expect(done.body).toContain("Your password has been changed");
    const used = await httpGet(port, link, { Accept: "text/html" });
    expect(used.status).toBe(404);
    expect(used.body).toContain("This link no longer works");
  }, 60_000);
});
