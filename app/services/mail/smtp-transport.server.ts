import nodemailer from "nodemailer";
import type { MailMessage } from "./message.server";
import type { MailTransport } from "./transport.server";

export type SmtpOptions = {
  url: string;
  /** Only for local test servers without TLS. */
  ignoreTLS?: boolean;
};

/** SMTP through nodemailer. Timeouts are short so a dead server fails the attempt instead of holding the lease. */
export function smtpTransport({ url, ignoreTLS }: SmtpOptions): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // One reused connection: the worker sends one message at a time, and a handshake per message is slow. Not more:
    // nodemailer's pool gives a queued message to a connection it has just opened, so a visitor's notification would
    // wait for that handshake instead of the message in flight (tried in 2f9f227, reverted in 19c1714).
    pool: true,
    maxConnections: 1,
    ignoreTLS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: "smtp",
    async send(message: MailMessage) {
      await transporter.sendMail({
        messageId: message.messageId,
        from: message.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        inReplyTo: message.inReplyTo,
        references: message.references,
        text: message.text,
        html: message.html,
        // Tells auto-responders not to answer (RFC 3834).
        headers: { "Auto-Submitted": "auto-generated" },
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close: () => transporter.close(),
  };
}
