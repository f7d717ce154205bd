import type { MailKind, MailMessage } from "./message.server";

/** Something that delivers a composed message; throws with a readable message when it could not. */
export type MailTransport = {
  name: "smtp" | "emailjs";
  /** Kinds this transport has no way to send (e.g. EmailJS without an acknowledgement template). */
  cannotSend?: ReadonlySet<MailKind>;
  send(message: MailMessage): Promise<void>;
  close?(): void;
};
