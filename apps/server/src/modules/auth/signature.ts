import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Request signature of sign-up, token and reset calls: hex HMAC-SHA256, keyed with the merchant's
 * signing key, over fingerprint + phone digits + password (when the call carries one).
 * The key ships to the browser, so this is no secret: it only makes scripted abuse costlier.
 */
export function computeSignature(
  key: string,
  parts: { fingerprint: string; phone: string; password?: string },
) {
  return createHmac("sha256", key)
    .update(parts.fingerprint + parts.phone + (parts.password ?? ""))
    .digest("hex");
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given.toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
