import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpGet, httpPostForm, startProductionServer, type ProductionServer } from "../tests/setup/production-server";
import { secretFromUri, totpCode } from "../tests/setup/totp";
import { startSmtpStub, type SmtpStub } from "../tests/stubs/smtp-stub";

/**
 * The audit's log rows, on the production build: every log line is one JSON object (user input cannot forge
 * another), security events carry time, actor, IP and outcome, and no password, session cookie, set-up token,
 * password-reset or invitation token, two-factor secret or recovery code planted during the test ever shows up in
 * what the server wrote (the set-up link only on its one terminal line). Nothing logged tells which addresses have
 * accounts, and a client that hangs up mid-form is one quiet line, not an error.
 */
const PASSWORD = `canary-password-${Math.random().toString(36).slice(2)}`;
const WRONG_PASSWORD = `canary-wrong-${Math.random().toString(36).slice(2)}`;
const EMAIL = "canary-owner@example.test";

const post = (port: number, pathname: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  httpPostForm(port, pathname, form, { Origin: `http://127.0.0.1:${port}`, ...headers });

/** A POST whose client goes away after sending part of the body. */
function abandonedPost(port: number, pathname: string) {
  return new Promise<void>((resolve) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      path: pathname,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "1000", Origin: `http://127.0.0.1:${port}` },
    });
    request.on("error", () => resolve());
    request.write("name=Half");
    setTimeout(() => {
      request.destroy();
      resolve();
    }, 200);
  });
}

describe("logs", () => {
  let server: ProductionServer;
  let smtp: SmtpStub;
  beforeAll(async () => {
    smtp = await startSmtpStub();
    server = await startProductionServer({ LOG_LEVEL: "info", SMTP_URL: smtp.url });
  }, 60_000);
  afterAll(async () => {
    server?.stop();
    await smtp?.stop();
  });

  it("are JSON lines without secrets, with the security events an operator watches", async () => {
    const { port } = server;
    const token = server.output().match(/\/setup\?token=([\w-]+)/)?.[1];
    expect(token, "the set-up link is printed at start-up").toBeTruthy();

    // The set-up link is opened and used; its token is in the request URL and the form.
    expect((await httpGet(port, `/setup?token=${token}`)).status).toBe(200);
    const setup = await post(port, "/setup", { token: token!, email: EMAIL, name: "Canary Owner", password: PASSWORD, confirm: PASSWORD });
    expect(setup.status).toBe(302);
    const cookies = (setup.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]!);
    const sessionValue = cookies.find((cookie) => cookie.includes("session_token"))?.split("=")[1];
    expect(sessionValue, "signed in after set-up").toBeTruthy();

    // A wrong password, and an address without an account: answered alike, and logged alike.
    expect((await post(port, "/sign-in", { email: EMAIL, password: WRONG_PASSWORD })).status).toBe(401);
    expect((await post(port, "/sign-in", { email: "nobody-here@example.test", password: WRONG_PASSWORD })).status).toBe(401);
    // A signed-in page, a request crafted to forge a log line, a form post from another site (refused by React
    // Router for a page, by our check for an admin action), and a client that hangs up halfway through a form.
    const session = { Cookie: cookies.join("; ") };
    expect((await httpGet(port, "/edit", session)).status).toBe(200);
    const forged = encodeURIComponent('\n{"level":60,"msg":"FORGED-LOG-LINE"}\n');
    expect((await httpGet(port, `/cars/x${forged}?q=${forged}`)).status).toBeLessThan(500);
    expect((await post(port, "/contact", { name: "x" }, { Origin: "https://evil.example" })).status).toBe(400);
    expect((await post(port, "/edit/users", { intent: "invite" }, { ...session, Origin: "https://evil.example" })).status).toBe(400);
    await abandonedPost(port, "/contact");

    // An invitation and a password reset: their one-time links go out by e-mail only.
    expect((await post(port, "/edit/users", { intent: "invite", email: "invitee@example.test", role: "editor" }, session)).status).toBeLessThan(400);
    expect((await post(port, "/forgot-password", { email: EMAIL })).status).toBe(200);
    // The links as the messages carry them (quoted-printable: soft line breaks, "=" written "=3D").
    const sent = (await smtp.waitFor(2)).map((mail) => mail.raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=")).join("\n");
    const invitationToken = /accept-invitation\?token=([\w-]+)/.exec(sent)?.[1];
    const resetToken = /reset-password\?token=([\w-]+)/.exec(sent)?.[1];
    expect(invitationToken, "the invitation was sent").toBeTruthy();
    expect(resetToken, "the reset link was sent").toBeTruthy();
    expect((await httpGet(port, `/reset-password?token=${resetToken}`)).status).toBe(200);

    // Two-step sign-in turned on, as the page's script posts it: the secret and the recovery codes are in the answers only.
    const started = await post(port, "/edit/account.data", { intent: "two-factor-start", currentPassword: PASSWORD }, session);
    const totpUri = /otpauth:\/\/totp\/[^"\\]+/.exec(started.body)?.[0];
    expect(totpUri, "the setup's key is in the answer").toBeTruthy();
    const secret = secretFromUri(totpUri!);
    const confirmed = await post(port, "/edit/account.data", { intent: "two-factor-confirm", code: totpCode(secret), totpUri: totpUri! }, session);
    const recoveryCodes = [...new Set([...confirmed.body.matchAll(/\b([A-Za-z0-9]{5}-[A-Za-z0-9]{5})\b/g)].map((match) => match[1]!))];
    expect(recoveryCodes.length, "the recovery codes are in the answer").toBeGreaterThan(0);

    // Turning it on gave this browser a new session; signing out ends that one.
    const renewed = (confirmed.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]!).find((cookie) => cookie.includes("session_token"));
    expect(renewed, "a renewed session").toBeTruthy();
    expect((await post(port, "/sign-out", {}, { Cookie: renewed! })).status).toBe(302);

    await new Promise((resolve) => setTimeout(resolve, 300));
    const output = server.output();
    const lines = output.split("\n").filter((line) => line.trim() !== "");
    // The only plain lines are the two meant for a person at the terminal.
    const plain = lines.filter((line) => !line.startsWith("{"));
    expect(plain.map((line) => line.trim().replace(/http:\S+/, "<link>"))).toEqual([
      expect.stringMatching(/^Create the first administrator \(link valid once, for \d+ minutes\): <link>$/),
      "White Streams is running at <link>",
    ]);
    const records = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.some((record) => record.msg === "FORGED-LOG-LINE")).toBe(false);

    // Planted secrets: never in any line, except the set-up token on the one line that prints the link.
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(WRONG_PASSWORD);
    expect(output).not.toContain(sessionValue);
    expect(output).not.toContain(decodeURIComponent(sessionValue!).split(".")[0]);
    expect(output.split(token!).length - 1).toBe(1);
    const renewedValue = renewed?.split("=")[1];
    for (const [name, planted] of Object.entries({ resetToken, invitationToken, secret, renewedValue, ...recoveryCodes })) {
      expect(output, `${name} is not in the log`).not.toContain(planted);
    }
    // Which addresses have accounts: better-auth's own lines would tell ("User not found" against "Invalid password").
    expect(output).not.toMatch(/User not found|Invalid password|Password not found/);
    const [known, unknown, ...more] = records
      .filter((record) => record.security === "sign-in" && record.outcome === "failure")
      .map(({ time: _time, actor: _actor, ...rest }) => rest);
    expect(more).toEqual([]);
    expect(unknown).toEqual(known);
    // The client that hung up: one quiet line, no error.
    expect(records).toContainEqual(expect.objectContaining({ level: 30, msg: "client aborted", url: "/contact" }));
    expect(records.filter((record) => Number(record.level) >= 50)).toEqual([]);

    const security = records.filter((record) => typeof record.security === "string");
    for (const record of security) expect(record).toMatchObject({ time: expect.any(String), outcome: expect.any(String), ip: expect.any(String) });
    expect(security).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ security: "account-created", outcome: "success", actor: EMAIL }),
        expect.objectContaining({ security: "sign-in", outcome: "success", actor: EMAIL }),
        expect.objectContaining({ security: "sign-in", outcome: "failure", actor: EMAIL, ip: "127.0.0.1" }),
        expect.objectContaining({ security: "sign-out", outcome: "success", actor: EMAIL }),
        expect.objectContaining({ security: "origin-refused", outcome: "refused", actor: "anonymous", ip: "127.0.0.1", path: "/contact" }),
        expect.objectContaining({ security: "origin-refused", outcome: "refused", actor: EMAIL, ip: "127.0.0.1", path: "/edit/users" }),
      ]),
    );
  }, 90_000);
});
