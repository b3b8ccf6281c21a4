import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, createAccessTokens } from "./tokens.ts";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
const base = {
  customerId: "0193a9e0-0000-7000-8000-0000000000c1",
  merchantId: "0193a9e0-0000-7000-8000-000000000001",
  sessionId: "0193a9e0-0000-7000-8000-0000000000e1",
  kycLevel: "KYC_2",
};

describe("access tokens", () => {
  it("carry the customer's phone when made with it", async () => {
    const tokens = createAccessTokens(SECRET, 600);
    const { token } = await tokens.sign({ ...base, phone: "4915112345678" });
    expect(await tokens.verify(token)).toMatchObject({ ...base, phone: "4915112345678" });
  });

  it("read a token made without a phone (older tokens) with the phone absent", async () => {
    const tokens = createAccessTokens(SECRET, 600);
    const claims = await tokens.verify((await tokens.sign(base)).token);
    expect(claims).toMatchObject(base);
    expect(claims).not.toHaveProperty("phone");
  });

  it("refuse a token whose claims were changed, or one signed with another secret", async () => {
    const tokens = createAccessTokens(SECRET, 600);
    const { token } = await tokens.sign({ ...base, phone: "4915112345678" });
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const forged = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    forged.ph = "4915199999999";
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`;
    expect(await tokens.verify(tampered)).toBeNull();
    const other = createAccessTokens("another-secret-of-at-least-thirty-two-chars", 600);
    expect(await other.verify(token)).toBeNull();
  });
});

describe("access token claims", () => {
  const tokens = createAccessTokens(SECRET, 600);
  const key = new TextEncoder().encode(SECRET);
  const now = Math.floor(Date.now() / 1000);
  type Times = { exp?: number; iat?: number; iss?: string; aud?: string };
  const complete: Times = { exp: now + 600, iat: now, iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE };

  // Signed with the right secret, so only the claims decide.
  const made = (times: Times) => {
    const jwt = new SignJWT({ mid: base.merchantId, sid: base.sessionId, kyc: base.kycLevel })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(base.customerId);
    if (times.exp !== undefined) jwt.setExpirationTime(times.exp);
    if (times.iat !== undefined) jwt.setIssuedAt(times.iat);
    if (times.iss !== undefined) jwt.setIssuer(times.iss);
    if (times.aud !== undefined) jwt.setAudience(times.aud);
    return jwt.sign(key);
  };

  it("accept a token with expiry, issue time, issuer and audience", async () => {
    expect(await tokens.verify(await made(complete))).toMatchObject({ ...base, expiresAt: now + 600 });
  });

  it("carry expiry, issue time, issuer and audience when signed", async () => {
    const { token } = await tokens.sign(base);
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    expect(payload).toMatchObject({ iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE });
    expect(payload.exp - payload.iat).toBe(600);
  });

  it.each([
    ["without exp", { ...complete, exp: undefined }],
    ["without iat", { ...complete, iat: undefined }],
    ["without iss", { ...complete, iss: undefined }],
    ["without aud", { ...complete, aud: undefined }],
    ["expired", { ...complete, exp: now - 60, iat: now - 660 }],
    // The clock tolerance is for issue times across instances, never a longer life.
    ["expired a second ago", { ...complete, exp: now - 1, iat: now - 601 }],
    ["issued in the future", { ...complete, iat: now + 300 }],
    ["issued longer ago than the lifetime", { ...complete, iat: now - 3600, exp: now + 600 }],
    ["from another issuer", { ...complete, iss: "someone-else" }],
    ["for another audience", { ...complete, aud: "another-api" }],
  ] as const)("refuse a token %s", async (_name, times) => {
    expect(await tokens.verify(await made(times))).toBeNull();
  });
});
