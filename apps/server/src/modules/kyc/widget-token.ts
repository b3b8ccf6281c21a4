import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export type WidgetClaims = { customerId: string; merchantId: string; level: "KYC_2" };

const ISSUER = "kestrel";
const AUDIENCE = "kestrel-kyc-widget";

/**
 * The verification widget's token (POST /v5/kyc/start answers it as data.token): a short-lived
 * JWT naming customer, merchant and the level it verifies for. Its key is derived from the JWT
 * secret for this use alone, and its audience differs, so it never passes as an access token:
 * the widget can read the verification status and upload documents, and nothing else.
 */
export function createWidgetTokens(jwtSecret: string, ttlSeconds: number) {
  const key = createHmac("sha256", jwtSecret).update("kyc-widget-token").digest();
  return {
    ttlSeconds,
    sign(claims: WidgetClaims, now = new Date()): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ mid: claims.merchantId, lvl: claims.level })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(claims.customerId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    /** The claims of a valid widget token; null for anything else (an access token included). */
    async verify(token: string): Promise<WidgetClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ["HS256"],
          // Like access tokens: no token without an expiry, none older than the lifetime.
          requiredClaims: ["exp", "iat", "sub"],
          maxTokenAge: ttlSeconds,
        });
        const { sub, mid, lvl } = payload;
        if (typeof sub !== "string" || typeof mid !== "string" || lvl !== "KYC_2") return null;
        return { customerId: sub, merchantId: mid, level: lvl };
      } catch {
        return null;
      }
    },
  };
}

export type WidgetTokens = ReturnType<typeof createWidgetTokens>;
