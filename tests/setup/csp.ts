import { createHash } from "node:crypto";

/**
 * The inline scripts of `html` that the Content-Security-Policy `policy` would refuse: a script runs only if it
 * carries the policy's nonce (a freshly rendered page) or its SHA-256 is listed (a page from the page cache). Scripts
 * with a src and JSON data blocks are not inline code. An empty list means the page's scripts all run.
 */
export function refusedInlineScripts(html: string, policy: string): string[] {
  const scriptSources = (/(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? "").split(/\s+/);
  const nonce = scriptSources.find((source) => source.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
  const refused: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/i.test(attributes!) || /type="application\/(?:ld\+)?json"/i.test(attributes!)) continue;
    const hash = `'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`;
    const carriesNonce = nonce !== undefined && attributes!.includes(`nonce="${nonce}"`);
    if (!carriesNonce && !scriptSources.includes(hash)) refused.push(body!.slice(0, 80));
  }
  return refused;
}
