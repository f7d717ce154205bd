import dns, { type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * A GET of an address staff typed in (a picture to copy into our storage), that reaches only the public internet.
 * The addresses come from listings and content blocks, which any Editor can write: without this, a copy run would
 * fetch `http://169.254.169.254/…` (a cloud host's credentials), the database's or the mail server's port on this
 * machine, or anything on the office network, and publish whatever image came back.
 *
 * The check runs where the connection is made, on the address it is made to (a lookup that refuses private
 * addresses, and the same test for an address written as a number), so a name that resolves to a public address
 * when checked and a private one when used gains nothing, and every redirect is checked as it is followed.
 */
export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
}

/** Loopback, private, shared, link-local, multicast and reserved ranges (IPv4, IPv6, and IPv4 written in IPv6). */
const NOT_PUBLIC = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** `dns.lookup`, failing for a name with any non-public address (a name that also resolves privately is not trusted). */
const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 4);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(new PrivateAddressError(`${hostname} is a private address (${refused.address})`), "", 4);
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export type PublicFetchOptions = {
  signal: AbortSignal;
  headers?: Record<string, string>;
  /** Also reach this machine and private networks: for a picture server on the operator's own network, chosen by them. */
  allowPrivateNetworks?: boolean;
};

const MAX_REDIRECTS = 5;

/** GETs `address`, following up to five redirects, each checked like the first. The caller reads or cancels the body. */
export async function getFromPublicWeb(address: string, options: PublicFetchOptions): Promise<IncomingMessage> {
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    const response = await getOnce(url, options);
    const location = response.headers.location;
    if (response.statusCode === undefined || response.statusCode < 300 || response.statusCode >= 400 || !location) return response;
    response.resume();
    if (hop === MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
    url = new URL(location, url);
  }
}

function getOnce(url: URL, options: PublicFetchOptions): Promise<IncomingMessage> {
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new Error(`not a web address (${url.protocol})`));
  // A host written as a number is connected to without a lookup, so it is checked here. (URL keeps IPv6 in brackets.)
  const literal = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!options.allowPrivateNetworks && net.isIP(literal) && !isPublicAddress(literal)) {
    return Promise.reject(new PrivateAddressError(`${literal} is a private address`));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, {
      signal: options.signal,
      headers: options.headers,
      ...(options.allowPrivateNetworks ? {} : { lookup: publicLookup }),
    });
    request.once("response", resolve);
    request.once("error", reject);
  });
}
