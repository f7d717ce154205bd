/**
 * The address better-auth records on a session (shown under "Where you are signed in" on /edit/account). By default
 * it reads X-Forwarded-For, which any client reaching the port can write; our own resolved client address (the
 * TRUST_PROXY rules, docs/operations.md) is passed in a header of our own instead, set on every call that makes a
 * session, and whatever the client sent under that name is replaced. auth-instance.server.ts reads only this header.
 */
export const SESSION_ADDRESS_HEADER = "x-white-streams-client-address";

/** The request's headers for a better-auth call that may make a session, carrying the resolved client address. */
export function withSessionAddress(headers: Headers, clientAddress: string | null): Headers {
  const copy = new Headers(headers);
  copy.delete(SESSION_ADDRESS_HEADER);
  if (clientAddress) copy.set(SESSION_ADDRESS_HEADER, clientAddress);
  return copy;
}
