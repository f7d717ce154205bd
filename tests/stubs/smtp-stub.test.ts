import net from "node:net";
import nodemailer from "nodemailer";
import { afterEach, expect, test } from "vitest";
import { startSmtpStub, type SmtpStub } from "./smtp-stub";

let stub: SmtpStub | undefined;
afterEach(async () => {
  await stub?.stop();
  stub = undefined;
});

/** What a SIGKILLed app does to its mail server: it opens a conversation and its socket is reset mid-way. */
async function vanishMidConversation(port: number): Promise<void> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("data", () => resolve())); // the 220 greeting
  // Inside a transaction: smtp-server only reports a reset once a MAIL FROM has been accepted.
  for (const command of ["EHLO vanishing.test", "MAIL FROM:<site@example.test>"]) {
    socket.write(`${command}\r\n`);
    await new Promise<void>((resolve) => socket.once("data", () => resolve()));
  }
  socket.resetAndDestroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
}

test("the mail stub outlives senders that vanish mid-conversation and keeps receiving mail", async () => {
  stub = await startSmtpStub();
  // Twice: the fault test kills the app twice, and the second reset once crashed the whole run.
  await vanishMidConversation(stub.port);
  await vanishMidConversation(stub.port);

  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: stub.port, secure: false, ignoreTLS: true });
  await transport.sendMail({ from: "site@example.test", to: "seller@example.test", subject: "Still here", text: "Delivered." });
  const [mail] = await stub.waitFor(1);
  expect(mail?.headers.subject).toBe("Still here");
  expect(mail?.text).toBe("Delivered.");
});
