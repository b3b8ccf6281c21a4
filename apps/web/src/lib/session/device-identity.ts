// The device headers of the sign-up, sign-in and reset calls (docs/accounts.md): a device id the
// server remembers once a code confirmed it, a fingerprint of the browser, and the request
// signature. None of this is secret; it makes scripted abuse costlier and ties calls together.

const DEVICE_ID_KEY = "kestrel.deviceId";

/** A random id kept in this browser, so a confirmed device is not asked for a code again. */
export function deviceId(storage: Storage = localStorage): string {
  const existing = storage.getItem(DEVICE_ID_KEY);
  if (existing) return existing;
  const created = crypto.randomUUID();
  storage.setItem(DEVICE_ID_KEY, created);
  return created;
}

/** The browser information of spec §3, in a fixed order. */
function browserInfo(): string[] {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return [
    String(new Date().getTimezoneOffset()),
    String(screen.colorDepth),
    nav.language,
    String(screen.height),
    String(screen.width),
    nav.userAgentData?.platform ?? nav.platform ?? "",
    nav.userAgent,
    // navigator.javaEnabled() is always false in today's browsers; the field stays for the spec.
    "java:false",
    "javascript:true",
  ];
}

const encoder = new TextEncoder();
const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");

/** X-Fingerprint: SHA-256 (hex) of the browser information, the same on every call. */
async function browserFingerprint(info: string[] = browserInfo()): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(info.join("|"))));
}

/**
 * X-Signature: hex HMAC-SHA256 keyed with the merchant's signing key over fingerprint + phone
 * digits + password (password only on calls that carry one).
 */
async function requestSignature(
  signingKey: string,
  parts: { fingerprint: string; phone: string; password?: string },
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(signingKey),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const data = encoder.encode(parts.fingerprint + parts.phone + (parts.password ?? ""));
  return hex(await crypto.subtle.sign("HMAC", key, data));
}

/** The headers of a signed public call: merchant, device, fingerprint and signature. */
export async function signedHeaders(
  merchant: { merchantBackendId: string; requestSigningKey: string },
  phone: string,
  password?: string,
): Promise<Record<string, string>> {
  const fingerprint = await browserFingerprint();
  return {
    "x-merchant-id": merchant.merchantBackendId,
    "x-deviceid": deviceId(),
    "x-fingerprint": fingerprint,
    "x-signature": await requestSignature(merchant.requestSigningKey, { fingerprint, phone, password }),
  };
}
