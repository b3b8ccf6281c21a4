import { isProfileComplete, type RequiredProfileField } from "../../lib/customer/profile-completeness.ts";
import type { Profile } from "../../lib/customer/profile-queries.ts";
import { ROUTES } from "../../lib/routes.ts";

export type RedirectProfile = Pick<Profile, "email" | "referralCode" | "referralCodeRequired"> &
  Partial<Pick<Profile, RequiredProfileField>>;

/** Where the customer is in the flow: just signed in, or past the email or referral step. */
export type PassedStep = "signIn" | "email" | "referral";

export const EMPTY_EMAIL_ROUTE = `${ROUTES.signUp}?isEmptyEmail=yes`;

type Place = { pathname: string; search: string };
type Passed = { email: boolean; referral: boolean };

/**
 * Spec §2's steps, in order: phone without email → sign-up's email step; referral code required
 * but missing → /referral-code; incomplete profile → /verification. The email step may be
 * skipped, so a step passed in this tab is not asked again (see `stepsPassedInThisTab`).
 */
const STEPS: ReadonlyArray<{
  route: string;
  owed: (profile: RedirectProfile, passed: Passed) => boolean;
  isPage: (place: Place) => boolean;
}> = [
  {
    route: EMPTY_EMAIL_ROUTE,
    owed: (p, passed) => !passed.email && !p.email,
    isPage: (place) =>
      place.pathname === ROUTES.signUp && new URLSearchParams(place.search).get("isEmptyEmail") === "yes",
  },
  {
    route: ROUTES.referralCode,
    owed: (p, passed) => !passed.referral && p.referralCodeRequired && !p.referralCode,
    isPage: (place) => place.pathname === ROUTES.referralCode,
  },
  {
    route: ROUTES.verification,
    owed: (p) => !isProfileComplete(p),
    isPage: (place) => place.pathname === ROUTES.verification,
  },
];

const passedFrom = (step: PassedStep): Passed => ({
  email: step !== "signIn",
  referral: step === "referral",
});

/** Where spec §2's rules send a customer who has just passed `passed`; home when nothing is owed. */
export function routeAfterSignIn(profile: RedirectProfile, passed: PassedStep = "signIn"): string {
  return STEPS.find((s) => s.owed(profile, passedFrom(passed)))?.route ?? ROUTES.home;
}

/**
 * The same rules on every protected page: the first step owed, unless the customer is on a
 * step's own page, which is exempt from the steps after it. Undefined: stay.
 */
export function stepOwedAt(profile: RedirectProfile, place: Place, passed: PassedStep): string | undefined {
  for (const step of STEPS) {
    if (step.isPage(place)) return undefined;
    if (step.owed(profile, passedFrom(passed))) return step.route;
  }
  return undefined;
}

/**
 * A signed-in customer who opens /sign-in or /sign-up: the step owed, or home. The email step's
 * page stays while the email is owed.
 */
export function routeForSignedInVisitor(
  profile: RedirectProfile,
  place: Place,
  passed: PassedStep,
): string | undefined {
  const first = STEPS.find((s) => s.owed(profile, passedFrom(passed)));
  if (first?.isPage(place)) return undefined;
  return first?.route ?? ROUTES.home;
}

const PASSED_KEY = "kestrel.stepsPassed";

/** The steps passed (or skipped) in this tab since its sign-in. */
export function stepsPassedInThisTab(): PassedStep {
  const value = sessionStorage.getItem(PASSED_KEY);
  return value === "email" || value === "referral" ? value : "signIn";
}

/** Remembers a step passed in this tab; a new sign-in forgets it (`signIn`). */
export function rememberStepPassed(step: PassedStep): void {
  if (step === "signIn") sessionStorage.removeItem(PASSED_KEY);
  else if (stepsPassedInThisTab() !== "referral") sessionStorage.setItem(PASSED_KEY, step);
}
