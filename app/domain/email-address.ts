/**
 * What the site accepts as an e-mail address, on every form and again before a message is sent: a dot-atom local part (RFC 5322, no quoted strings or comments), an at sign, and a host name of
 * letter-digit-hyphen labels ending in a top-level part of at least two letters (the spec's rule). Anything
 * a mail server would refuse as bad syntax, such as `</script><script>alert(1)</script>@example.com`, is
 * refused here, so it never reaches the outbox to be retried.
 */
const LOCAL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const TOP_LEVEL = "(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})";

export const EMAIL_PATTERN = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${LABEL}\\.)+${TOP_LEVEL}$`);

/** RFC 5321 limits: 64 characters before the at sign, 254 in all. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;

export function isValidEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) return false;
  return value.lastIndexOf("@") <= LOCAL_MAX_LENGTH;
}
