import type { Env } from "#app/env.server";
import { emailJsTransport } from "./emailjs-transport.server";
import type { MailTransport } from "./transport.server";

export const NO_TRANSPORT_HINT =
  "No e-mail transport is configured: enquiries are stored and their e-mails wait in the outbox (email_outbox). " +
  "Set SMTP_URL (e.g. smtp://user:password@smtp.example.com:587), or EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_ID, " +
  "EMAILJS_PUBLIC_KEY and EMAILJS_PRIVATE_KEY, and restart: waiting messages are then sent.";

/**
 * SMTP when SMTP_URL is set, else EmailJS when its settings are, else none (messages stay in the outbox). Nodemailer
 * (about 40 modules) is loaded only when SMTP is chosen.
 */
export async function transportFromEnv(env: Env): Promise<MailTransport | undefined> {
  if (env.SMTP_URL) {
    const { smtpTransport } = await import("./smtp-transport.server");
    return smtpTransport({ url: env.SMTP_URL });
  }
  const emailJs = [env.EMAILJS_SERVICE_ID, env.EMAILJS_TEMPLATE_ID, env.EMAILJS_PUBLIC_KEY, env.EMAILJS_PRIVATE_KEY];
  if (emailJs.some(Boolean)) {
    // A half-configured EmailJS is a mistake worth stopping for, not a silent "no e-mail".
    return emailJsTransport({
      apiUrl: env.EMAILJS_API_URL,
      serviceId: env.EMAILJS_SERVICE_ID ?? "",
      templateId: env.EMAILJS_TEMPLATE_ID ?? "",
      acknowledgementTemplateId: env.EMAILJS_ACK_TEMPLATE_ID,
      publicKey: env.EMAILJS_PUBLIC_KEY ?? "",
      privateKey: env.EMAILJS_PRIVATE_KEY ?? "",
    });
  }
  return undefined;
}
