import { describe, expect, it } from "vitest";
import { EMPTY_EMAIL_ROUTE, type RedirectProfile, routeAfterSignIn } from "./redirect-after-sign-in.ts";

const complete: RedirectProfile = {
  email: "ada@example.com",
  referralCode: "FRIEND1",
  referralCodeRequired: true,
  firstName: "Ada",
  lastName: "Lovelace",
  residenceCountry: "DE",
  residenceStreet: "Hauptstraße 1",
  residenceCity: "Berlin",
  dateOfBirth: "1990-12-10",
};

describe("redirect rules after sign-in (spec §2)", () => {
  it("a complete profile goes home", () => {
    expect(routeAfterSignIn(complete)).toBe("/");
  });

  it("nothing owed: back to the page (and query) that sent the customer to sign in", () => {
    expect(routeAfterSignIn(complete, "signIn", "/top-up/card?offerId=abc")).toBe("/top-up/card?offerId=abc");
  });

  it("a step owed comes before the page that sent the customer", () => {
    expect(routeAfterSignIn({ ...complete, email: undefined }, "signIn", "/exchange")).toBe(
      EMPTY_EMAIL_ROUTE,
    );
  });

  it.each([
    "//evil.example/x",
    "https://evil.example/",
    "/\\evil.example",
    "/sign-in",
    "/sign-up?x=1",
    "exchange",
  ])("never returns to %s", (from) => {
    expect(routeAfterSignIn(complete, "signIn", from)).toBe("/");
  });

  it("rule 1: a phone without email goes to /sign-up?isEmptyEmail=yes", () => {
    expect(routeAfterSignIn({ ...complete, email: undefined })).toBe(EMPTY_EMAIL_ROUTE);
    expect(EMPTY_EMAIL_ROUTE).toBe("/sign-up?isEmptyEmail=yes");
  });

  it("rule 2: referral code required but missing goes to /referral-code", () => {
    expect(routeAfterSignIn({ ...complete, referralCode: undefined })).toBe("/referral-code");
  });

  it("rule 2 does not apply when the merchant does not require a code", () => {
    expect(routeAfterSignIn({ ...complete, referralCode: undefined, referralCodeRequired: false })).toBe("/");
  });

  it.each([
    "firstName",
    "lastName",
    "residenceCountry",
    "residenceStreet",
    "residenceCity",
    "dateOfBirth",
  ] as const)("rule 3: a missing %s goes to /verification", (field) => {
    expect(routeAfterSignIn({ ...complete, [field]: undefined })).toBe("/verification");
    expect(routeAfterSignIn({ ...complete, [field]: "  " })).toBe("/verification");
  });

  it("the rules apply in order: email before referral before profile", () => {
    const nothing: RedirectProfile = { referralCodeRequired: true };
    expect(routeAfterSignIn(nothing)).toBe(EMPTY_EMAIL_ROUTE);
    expect(routeAfterSignIn({ ...nothing, email: "a@b.co" })).toBe("/referral-code");
    expect(routeAfterSignIn({ ...nothing, email: "a@b.co", referralCode: "X1Y2" })).toBe("/verification");
  });

  it("a step just passed or skipped is not asked again", () => {
    const phoneOnly: RedirectProfile = { ...complete, email: undefined, referralCode: undefined };
    expect(routeAfterSignIn(phoneOnly, "email")).toBe("/referral-code");
    expect(routeAfterSignIn(phoneOnly, "referral")).toBe("/");
    expect(routeAfterSignIn({ ...phoneOnly, firstName: undefined }, "referral")).toBe("/verification");
  });
});
