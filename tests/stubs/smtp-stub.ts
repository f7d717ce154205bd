/**
 * A real SMTP server on loopback for tests: it receives what the app sends and keeps each message's
 * envelope, headers and decoded text. `stop()` then `start()` again on the same port simulates an outage.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** Socket errors that only mean the sending client went away. */
const CLIENT_GONE = new Set(["ECONNRESET", "EPIPE", "ETIMEDOUT"]);

export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  /** The plain-text body (the text/plain part of a multipart message). */
  text: string;
  /** The text/html part, when the message has one. */
  html?: string;
  raw: string;
};

export type SmtpStub = {
  port: number;
  url: string;
  messages: ReceivedMail[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once at least `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Recipients the server refuses permanently (550), like a real server refusing an unknown mailbox. */
  rejectRecipients: Set<string>;
};

/** `onMessage` sees each message as it arrives (the browser tests' server drops them in a folder the tests read). */
export async function startSmtpStub(port = 0, onMessage?: (mail: ReceivedMail) => void): Promise<SmtpStub> {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const stub: SmtpStub = {
    port,
    url: "",
    messages,
    rejectRecipients: new Set(),
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (!stub.rejectRecipients.has(address.address.toLowerCase())) return callback();
          const error = Object.assign(new Error("5.1.1 Mailbox unavailable: no such user here"), { responseCode: 550 });
          callback(error);
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            const mail: ReceivedMail = {
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              ...parseMessage(raw),
              raw,
            };
            messages.push(mail);
            onMessage?.(mail);
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once("error", reject);
        server!.listen(stub.port, "127.0.0.1", () => {
          server!.off("error", reject);
          resolve();
        });
      });
      // A client that vanishes mid-conversation (the fault test SIGKILLs the app while it sends) is an
      // ordinary event for a mail server: without a listener, smtp-server's 'error' would crash the test.
      server.on("error", (error: NodeJS.ErrnoException) => {
        if (!CLIENT_GONE.has(error.code ?? "")) console.error("smtp stub:", error);
      });
      stub.port = (server.server.address() as AddressInfo).port;
      stub.url = `smtp://127.0.0.1:${stub.port}`;
    },
    async stop() {
      if (!server) return;
      const closing = server;
      server = undefined;
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, received ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return messages;
    },
  };
  await stub.start();
  return stub;
}

/**
 * Just enough MIME for what the app sends: unfolded headers, encoded words, QP or base64 bodies, and one
 * level of multipart/alternative (a text and an HTML part).
 */
function parseMessage(raw: string): { headers: Record<string, string>; text: string; html?: string } {
  const { headers, body } = parsePart(raw);
  const boundary = /multipart\/[\w-]+;.*boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!boundary) return { headers, text: body };
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .map((part) => parsePart(part.replace(/^\r?\n/, "")));
  const find = (type: string) => parts.find((part) => (part.headers["content-type"] ?? "").toLowerCase().startsWith(type))?.body;
  return { headers, text: find("text/plain") ?? "", html: find("text/html") };
}

function parsePart(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  let body = raw.slice(split + 4).replace(/\r\n$/, "");
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  if (encoding === "quoted-printable") body = decodeQuotedPrintable(body);
  if (encoding === "base64") body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return { headers, body: body.replace(/\r\n/g, "\n") };
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
