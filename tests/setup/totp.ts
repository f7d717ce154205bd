import crypto from "node:crypto";

/**
 * What an authenticator app does with an otpauth:// URI (RFC 6238 TOTP over RFC 4226 HOTP: HMAC-SHA-1, 30-second
 * steps, 6 digits), written out here so the tests check better-auth against an independent implementation rather
 * than against its own helper.
 */
export function secretFromUri(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get("secret");
  if (!secret) throw new Error("the otpauth URI has no secret");
  return secret;
}

function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code for a base32 secret at a time (now by default), as the app would show it. */
export function totpCode(base32Secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = crypto.createHmac("sha1", base32Decode(base32Secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

/** A code that is certainly wrong now (not the code of this step or either neighbour the server accepts). */
export function wrongCode(base32Secret: string, at = Date.now()): string {
  const valid = new Set([-1, 0, 1].map((step) => totpCode(base32Secret, at + step * 30_000)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}
