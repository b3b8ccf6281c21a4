import { createHash, randomBytes } from "node:crypto";
import { createSigner, createVerifier } from "fast-jwt";

export type AccessClaims = {
  customerId: string;
  merchantId: string;
  sessionId: string;
  kycLevel: string;
  /** The KYC status and the phone when the token was made: a first guess and a sign-in that never changes. */
  kycStatus?: string;
  phone?: string;
};
/** Claims of a verified token, with its expiry (seconds since the epoch). */
export type VerifiedClaims = AccessClaims & { expiresAt: number };

const ISSUER = "kestrel";

/**
 * Short-lived access token (JWT, HS256) naming customer, merchant, session, KYC level and status, and phone.
 * Signed and verified synchronously with node:crypto (fast-jwt): WebCrypto's HMAC (jose) runs as
 * a job off the event loop and cost the server 45-70 microseconds of CPU a verification here,
 * against about 10 (docs/accounts.md "Sessions").
 */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  const signer = createSigner({ key: secret, algorithm: "HS256", iss: ISSUER, expiresIn: ttlSeconds * 1000 });
  const verifier = createVerifier({ key: secret, algorithms: ["HS256"], allowedIss: ISSUER });
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<{ token: string; jti: string }> {
      const jti = randomBytes(12).toString("base64url");
      const token = signer({
        sub: claims.customerId,
        jti,
        mid: claims.merchantId,
        sid: claims.sessionId,
        kyc: claims.kycLevel,
        ...(claims.kycStatus === undefined ? {} : { kys: claims.kycStatus }),
        ...(claims.phone === undefined ? {} : { ph: claims.phone }),
      });
      return { token, jti };
    },
    /** The claims of a valid token, or null for an expired, forged or malformed one. */
    async verify(token: string): Promise<VerifiedClaims | null> {
      try {
        const { sub, mid, sid, kyc, kys, ph, exp } = verifier(token) as Record<string, unknown>;
        if (typeof sub !== "string" || typeof mid !== "string" || typeof sid !== "string") return null;
        const kycLevel = typeof kyc === "string" ? kyc : "NONE";
        return {
          customerId: sub,
          merchantId: mid,
          sessionId: sid,
          kycLevel,
          ...(typeof kys === "string" ? { kycStatus: kys } : {}),
          ...(typeof ph === "string" ? { phone: ph } : {}),
          expiresAt: typeof exp === "number" ? exp : 0,
        };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** Opaque refresh token: 256 random bits; only its hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
