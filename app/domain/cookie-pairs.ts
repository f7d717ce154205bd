/**
 * The name=value pairs of a Cookie header, in order, names and values trimmed and values as sent (not decoded). A part
 * without a name (no "=", or nothing before it) is left out.
 */
export function cookiePairs(header: string | null | undefined): [name: string, value: string][] {
  const pairs: [string, string][] = [];
  for (const part of (header ?? "").split(";")) {
    const split = part.indexOf("=");
    const name = split < 0 ? "" : part.slice(0, split).trim();
    if (name !== "") pairs.push([name, part.slice(split + 1).trim()]);
  }
  return pairs;
}
