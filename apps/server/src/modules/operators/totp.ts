import { Secret, TOTP } from "otpauth";

/** RFC 6238 with the parameters every authenticator app takes: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
const ISSUER = "Kestrel back-office";

const totp = (secret: string, label = "operator") =>
  new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS, secret });

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app enrols from (as a QR code or pasted). */
export function enrolmentUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The code of `secret` at `now` (tests, the sandbox's printed help). */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}

/**
 * The time step `code` belongs to, allowing one step of clock drift either way, or undefined
 * when it is no code of this secret. The caller refuses a step already used (a replayed code).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
