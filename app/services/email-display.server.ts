import { domainToUnicode } from "node:url";

/**
 * An e-mail address as staff read it in the admin: its domain in the script it was typed in (jose@bücher.de), where
 * the database, mailto: links, replies and the CSV keep the ASCII form mail goes to (jose@xn--bcher-kva.de, see
 * domain/email-address.ts).
 *
 * Server only (node:url): loaders send both forms, so the HTML the server renders and the page the browser hydrates
 * show the same text. A browser has no way to decode punycode short of shipping a decoder (its URL API gives the
 * ASCII form back), and a converter of its own that disagreed with Node's would change the text on hydration.
 *
 * A domain made to pass for another stays in ASCII form, as browsers keep it in their address bar (Chrome's IDN spoof
 * checks, in small): a label mixing Cyrillic or Greek letters with other letters (pаypal.com with a Cyrillic а), or
 * one wholly of Cyrillic letters that look Latin (аррӏе.com) outside a Cyrillic top-level domain. Staff must not take
 * a stranger's address for a known company's.
 */
export function displayEmailAddress(address: string): string {
  const at = address.lastIndexOf("@");
  const domain = address.slice(at + 1);
  // Only a domain with an ASCII-encoded label changes; every other address is shown exactly as stored.
  if (at < 1 || !/(?:^|\.)xn--/i.test(domain)) return address;
  // Empty for punycode that does not decode to a valid domain: then too the stored form is what there is to show.
  const unicode = domainToUnicode(domain);
  return unicode && !couldPassForAnother(unicode) ? address.slice(0, at + 1) + unicode : address;
}

/** Letters of no particular script (digits, hyphens) and combining marks go with any. */
const ONLY_CYRILLIC = /^[\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]+$/u;
const ONLY_GREEK = /^[\p{Script=Greek}\p{Script=Common}\p{Script=Inherited}]+$/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const GREEK = /\p{Script=Greek}/u;
/** Chrome's list of Cyrillic letters that look like Latin ones (components/url_formatter/spoof_checks). */
const LATIN_LOOKALIKES_ONLY = /^[асԁеһіјӏорԛѕԝхуъьҽпгѵѡ0-9-]+$/u;

function couldPassForAnother(domain: string): boolean {
  const labels = domain.split(".");
  const cyrillicTopLevel = CYRILLIC.test(labels.at(-1) ?? "");
  return labels.some(
    (label) =>
      (CYRILLIC.test(label) && !ONLY_CYRILLIC.test(label)) ||
      (GREEK.test(label) && !ONLY_GREEK.test(label)) ||
      (!cyrillicTopLevel && CYRILLIC.test(label) && LATIN_LOOKALIKES_ONLY.test(label)),
  );
}
