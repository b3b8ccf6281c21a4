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

const SIGNED_OUT_PAGES: readonly string[] = [ROUTES.signIn, ROUTES.signUp, ROUTES.resetPassword];

/**
 * A page the customer was sent away from to sign in (e.g. a 3-D Secure return whose session had
 * ended): only a path of this app, never another origin (`//host`) or a signed-out page.
 */
function safeReturnPath(from: string | undefined): string | undefined {
  if (!from?.startsWith("/") || from.startsWith("//") || from.includes("\\")) return undefined;
  const pathname = from.split(/[?#]/)[0] ?? "";
  return SIGNED_OUT_PAGES.includes(pathname) ? undefined : from;
}

/**
 * Where spec §2's rules send a customer who has just passed `passed`; when nothing is owed, back
 * to the page that sent them to sign in (`from`, with its query), else home.
 */
export function routeAfterSignIn(
  profile: RedirectProfile,
  passed: PassedStep = "signIn",
  from?: string,
): string {
  return STEPS.find((s) => s.owed(profile, passedFrom(passed)))?.route ?? safeReturnPath(from) ?? ROUTES.home;
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
