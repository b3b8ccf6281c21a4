import { createHash, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export type AccessClaims = {
  customerId: string;
  merchantId: string;
  sessionId: string;
  kycLevel: string;
  /** The customer's phone: their sign-in, which never changes. */
  phone?: string;
};
/** Claims of a verified token, with its expiry (seconds since the epoch). */
export type VerifiedClaims = AccessClaims & { expiresAt: number };

/** Who made a token and for whom: only this API issues access tokens and only it accepts them. */
export const ACCESS_TOKEN_ISSUER = "kestrel";
export const ACCESS_TOKEN_AUDIENCE = "kestrel-api";
/**
 * Clock difference between server instances that a token's issue time may show. Expiry gets no
 * tolerance: a token lives exactly its lifetime (the web app refreshes on the 401 it then meets).
 */
const CLOCK_TOLERANCE_SECONDS = 5;

/** Short-lived access token (JWT, HS256) naming customer, merchant, session, KYC level and phone. */
export function createAccessTokens(secret: string, ttlSeconds: number) {
  // Imported once: given raw bytes, jose would import the key again on every sign and verify.
  const key = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<{ token: string; jti: string }> {
      const jti = randomBytes(12).toString("base64url");
      const token = await new SignJWT({
        mid: claims.merchantId,
        sid: claims.sessionId,
        kyc: claims.kycLevel,
        ...(claims.phone === undefined ? {} : { ph: claims.phone }),
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.customerId)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setJti(jti)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key);
      return { token, jti };
    },
    /**
     * The claims of a valid token, or null for an expired, forged or malformed one. Expiry, issue
     * time, issuer and audience must all be present and right: a token without `exp` would live
     * for ever, and one issued in the future or longer ago than the lifetime was not made by us.
     */
    async verify(token: string): Promise<VerifiedClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ["HS256"],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ["exp", "iat", "sub"],
          maxTokenAge: ttlSeconds,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        const { sub, mid, sid, kyc, ph, exp } = payload;
        if (typeof sub !== "string" || typeof mid !== "string" || typeof sid !== "string") return null;
        // jose allowed the tolerance past `exp` too; expiry is exact.
        if (typeof exp !== "number" || exp <= Math.floor(Date.now() / 1000)) return null;
        // A token without the claim is read as the lowest level, never a higher one.
        const kycLevel = typeof kyc === "string" ? kyc : "KYC_0";
        return {
          customerId: sub,
          merchantId: mid,
          sessionId: sid,
          kycLevel,
          ...(typeof ph === "string" ? { phone: ph } : {}),
          expiresAt: exp,
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
