/**
 * The `headers` export of every private page whose action can answer 429 (sign-in and its second step, a forgotten
 * password, the account page). React Router makes a page's headers from this export alone, on the document and
 * on its data request: an action's own headers are dropped unless passed on here. So the action's Retry-After is
 * passed on (docs/decisions/0023-sign-in-throttling.md), and the page is never cached.
 */
export function privatePageHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
