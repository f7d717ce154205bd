import fs from "node:fs";
import path from "node:path";
import { e2eMailDir } from "../setup/e2e-server-env";

export type DroppedMail = { to: string[]; subject: string; raw: string };

/**
 * The e-mails the browser tests' server sent to one address (its SMTP stub drops each in a folder). Waits until
 * one whose subject matches arrives; addresses are unique to each test, so tests never read each other's mail.
 */
export async function waitForMail(baseURL: string, recipient: string, subject: RegExp, timeoutMs = 20_000): Promise<DroppedMail> {
  const dir = e2eMailDir(Number(new URL(baseURL).port));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    for (const file of files.reverse()) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as DroppedMail;
      if (mail.to.includes(recipient) && subject.test(mail.subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${recipient} matching ${subject} within ${timeoutMs} ms`);
}

/** The first link in the mail that starts with this path on the site (read from the quoted-printable source). */
export function linkIn(mail: DroppedMail, pathPrefix: string): string {
  const source = mail.raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const link = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[/?]/g, "\\$&")}[^\\s"<>]*`).exec(source)?.[0];
  if (!link) throw new Error(`no ${pathPrefix} link in:\n${source}`);
  return link.replace(/&amp;/g, "&");
}
