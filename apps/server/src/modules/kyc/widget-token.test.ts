import { describe, expect, it } from "vitest";
import { createAccessTokens } from "../auth/tokens.ts";
import { createWidgetTokens } from "./widget-token.ts";

const SECRET = "test-jwt-secret-of-enough-length-0123456789";
const claims = { customerId: "c1", merchantId: "m1", level: "KYC_1" as const };

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
});
