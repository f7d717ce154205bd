import type { MailMessage } from "./message.server";

/** Something that delivers a composed message; throws with a readable message when it could not. */
export type MailTransport = {
  name: "smtp" | "emailjs";
  /** True for kinds this transport has no way to send (e.g. EmailJS without a template for them). */
  cannotSend?(kind: string): boolean;
  send(message: MailMessage): Promise<void>;
  close?(): void;
};

/** A refusal that no retry can cure (a mail server's 5xx, an address it will never accept, a message we refuse to send). */
export class PermanentMailError extends Error {
  readonly permanent = true;
  constructor(message: string) {
    super(message);
    this.name = "PermanentMailError";
  }
}

/**
 * Whether a send failure is permanent. SMTP replies 5xx for "never" (550 no such user, 501 bad address
 * syntax, 554 rejected) and 4xx for "try later"; nodemailer puts the code on `responseCode`. Connection
 * errors carry none and are worth retrying.
 */
export function isPermanentFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ((error as { permanent?: unknown }).permanent === true) return true;
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}
