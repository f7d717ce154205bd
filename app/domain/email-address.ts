/**
 * What the site accepts as an e-mail address, on every form and again before a message is sent: a dot-atom local part (RFC 5322, no quoted strings or comments), an at sign, and a host name of
 * letter-digit-hyphen labels ending in a top-level part of at least two letters (the spec's rule). Anything
 * a mail server would refuse as bad syntax, such as `</script><script>alert(1)</script>@example.com`, is
 * refused here, so it never reaches the outbox to be retried.
 *
 * A domain in another script (jose@bücher.de, yamada@例え.jp) is checked in its ASCII form (jose@xn--bcher-kva.de),
 * which is what DNS and an SMTP envelope carry, and the enquiry forms store that form: Chrome submits it from an
 * `<input type="email">` anyway while other browsers send what was typed, so one address is stored one way. The URL
 * parser converts it (IDNA: case folding, normalisation, punycode) in every browser and in Node, so the form code that
 * public pages load lazily needs no punycode library.
 *
 * A local part in another script (RFC 6531) is refused, with its own message: it can only be delivered over SMTPUTF8,
 * which many mail providers do not offer (nor does the site know whether its own provider or EmailJS does), and
 * nodemailer then sends it without the extension (services/enquiry-idn-address.test.ts), which a strict server refuses:
 * the visitor would never get our answer.
 */
const LOCAL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const TOP_LEVEL = "(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})";

export const EMAIL_PATTERN = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${LABEL}\\.)+${TOP_LEVEL}$`);

/** RFC 5321 limits: 64 characters before the at sign, 254 in all (of the ASCII form). */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;

const NON_ASCII = /[\u0080-\uffff]/;
/** ASCII letters, digits, dots and hyphens, or beyond ASCII: a slash, colon or space would have the URL parser read a path or a port. */
const HOST_TEXT = /^(?:[A-Za-z0-9.-]|[\u0080-\uffff])+$/;
/** The URL parser lets a label start or end with a hyphen; the ASCII rule (LABEL) does not. */
const HYPHEN_AT_LABEL_EDGE = /(?:^|\.)-|-(?:\.|$)/;

export type EmailAddressCheck = { ok: true; address: string } | { ok: false; reason: "invalid" | "local-part-not-ascii" };

/** The address with its domain in ASCII form when it is one the site accepts; otherwise why not. */
export function checkEmailAddress(value: string): EmailAddressCheck {
  const at = value.lastIndexOf("@");
  const address = value.slice(0, at + 1) + asciiDomain(value.slice(at + 1));
  if (at > 0 && at <= LOCAL_MAX_LENGTH && address.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(address)) return { ok: true, address };
  // Only when the letters before the at sign are all that is wrong does the visitor get the specific message.
  const local = value.slice(0, Math.max(at, 0));
  const onlyLocalScript = NON_ASCII.test(local) && checkEmailAddress(local.replace(/[\u0080-\uffff]/g, "a") + value.slice(at)).ok;
  return { ok: false, reason: onlyLocalScript ? "local-part-not-ascii" : "invalid" };
}

export function isValidEmailAddress(value: string): boolean {
  return checkEmailAddress(value).ok;
}

/** The address to store and send to: its domain in ASCII form. Anything not accepted is returned as it came. */
export function asciiEmailAddress(value: string): string {
  const check = checkEmailAddress(value);
  return check.ok ? check.address : value;
}

function asciiDomain(domain: string): string {
  // An ASCII domain is kept exactly as typed, as before.
  if (!NON_ASCII.test(domain)) return domain;
  if (!HOST_TEXT.test(domain) || HYPHEN_AT_LABEL_EDGE.test(domain)) return "";
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return "";
  }
}
