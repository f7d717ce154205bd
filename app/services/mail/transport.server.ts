import type { MailMessage } from "./message.server";

/** Something that delivers a composed message; throws with a readable message when it could not. */
export type MailTransport = {
  name: "smtp" | "emailjs";
  /** True for kinds this transport has no way to send (e.g. EmailJS without a template for them). */
  cannotSend?(kind: string): boolean;
  send(message: MailMessage): Promise<void>;
  close?(): void;
};
