import { isProfileComplete, type RequiredProfileField } from "../../lib/customer/profile-completeness.ts";
import type { Profile } from "../../lib/customer/profile-queries.ts";
import { ROUTES } from "../../lib/routes.ts";

export type RedirectProfile = Pick<Profile, "email" | "referralCode" | "referralCodeRequired"> &
  Partial<Pick<Profile, RequiredProfileField>>;

/** Where the customer is in the flow: just signed in, or past the email or referral step. */
export type PassedStep = "signIn" | "email" | "referral";

export const EMPTY_EMAIL_ROUTE = `${ROUTES.signUp}?isEmptyEmail=yes`;

/**
 * Spec §2's redirect rules after login, in order: phone without email → sign-up's email step;
 * referral code required but missing → /referral-code; incomplete profile → /verification;
 * otherwise home. A step the customer has just passed (or skipped) is not asked again.
 */
export function routeAfterSignIn(profile: RedirectProfile, passed: PassedStep = "signIn"): string {
  if (passed === "signIn" && !profile.email) return EMPTY_EMAIL_ROUTE;
  if (passed !== "referral" && profile.referralCodeRequired && !profile.referralCode)
    return ROUTES.referralCode;
  if (!isProfileComplete(profile)) return ROUTES.verification;
  return ROUTES.home;
}
