import { describe, expect, it } from "vitest";
import { createAccessTokens } from "./tokens.ts";

const SECRET = "a-test-secret-of-at-least-thirty-two-characters";
const base = {
  customerId: "0193a9e0-0000-7000-8000-0000000000c1",
  merchantId: "0193a9e0-0000-7000-8000-000000000001",
  sessionId: "0193a9e0-0000-7000-8000-0000000000e1",
  kycLevel: "KYC_1",
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
