import { type ReactNode, useRef } from "react";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "../../components/Spinner.tsx";
import {
  routeForSignedInVisitor,
  stepOwedAt,
  stepsPassedInThisTab,
} from "../../features/auth/redirect-after-sign-in.ts";
import { useProfile } from "../../lib/customer/profile-queries.ts";
import { useSessionStatus } from "../../lib/session/session-context.tsx";
import "./require-session.css";

const Pending = () => (
  <div className="k-session-pending">
    <Spinner size={60} />
  </div>
);

/**
 * Spec §2's redirect rules on every protected page, not only right after sign-in: a customer who
 * owes a step (email, referral code, profile) goes to it, in the same order; a step's own page is
 * exempt from the steps after it. Inside RequireSession. While the profile answers, `pending` (by
 * default a spinner) holds the page. A profile that cannot be read does not hold the page (its
 * own calls then show the failure).
 */
export function ProfileSteps({ children, pending }: { children: ReactNode; pending?: ReactNode }) {
  const profile = useProfile();
  const location = useLocation();
  if (profile.isPending) return pending ?? <Pending />;
  const to = profile.data ? stepOwedAt(profile.data, location, stepsPassedInThisTab()) : undefined;
  if (to) return <Navigate to={to} replace />;
  return children;
}

/**
 * /sign-in and /sign-up opened by a customer who is already signed in: on to the step owed, or
 * home. A customer who signs in (or up) on the page itself stays: the page leads on.
 */
export function LeaveWhenSignedIn({ children }: { children: ReactNode }) {
  const status = useSessionStatus();
  const signedOutHere = useRef(false);
  if (status === "signedOut") signedOutHere.current = true;
  const arrivedSignedIn = status === "signedIn" && !signedOutHere.current;
  const profile = useProfile();
  const location = useLocation();
  if (!arrivedSignedIn) return children;
  if (profile.isPending) return <Pending />;
  const to = profile.data
    ? routeForSignedInVisitor(profile.data, location, stepsPassedInThisTab())
    : undefined;
  if (to) return <Navigate to={to} replace />;
  return children;
}
