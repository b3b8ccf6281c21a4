import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createAccessTokens } from "../auth/index.ts";
import { createWidgetTokens } from "./widget-token.ts";

const SECRET = "test-jwt-secret-of-enough-length-0123456789";
const claims = { customerId: "c1", merchantId: "m1", level: "KYC_2" as const };

describe("widget token", () => {
  it("names customer, merchant and level", async () => {
    const tokens = createWidgetTokens(SECRET, 600);
    expect(await tokens.verify(await tokens.sign(claims))).toEqual(claims);
  });

  it("is refused once expired, when forged, and when it is an access token", async () => {
    const tokens = createWidgetTokens(SECRET, 600);
    const old = await tokens.sign(claims, new Date(Date.now() - 601_000));
    expect(await tokens.verify(old)).toBeNull();
    expect(await tokens.verify(await createWidgetTokens(`${SECRET}x`, 600).sign(claims))).toBeNull();
    const access = await createAccessTokens(SECRET, 600).sign({
      customerId: "c1",
      merchantId: "m1",
      sessionId: "s1",
      kycLevel: "KYC_0",
    });
    expect(await tokens.verify(access.token)).toBeNull();
  });

  it("never passes as an access token", async () => {
    const widget = await createWidgetTokens(SECRET, 600).sign(claims);
    expect(await createAccessTokens(SECRET, 600).verify(widget)).toBeNull();
  });

  it("is refused without an expiry or issue time, even when signed with its key", async () => {
    const key = createHmac("sha256", SECRET).update("kyc-widget-token").digest();
    const now = Math.floor(Date.now() / 1000);
    const made = (times: { exp?: number; iat?: number }) => {
      const jwt = new SignJWT({ mid: "m1", lvl: "KYC_2" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("c1")
        .setIssuer("kestrel")
        .setAudience("kestrel-kyc-widget");
      if (times.exp !== undefined) jwt.setExpirationTime(times.exp);
      if (times.iat !== undefined) jwt.setIssuedAt(times.iat);
      return jwt.sign(key);
    };
    const tokens = createWidgetTokens(SECRET, 600);
    expect(await tokens.verify(await made({ exp: now + 600, iat: now }))).toEqual(claims);
    expect(await tokens.verify(await made({ iat: now }))).toBeNull();
    expect(await tokens.verify(await made({ exp: now + 600 }))).toBeNull();
  });
});
