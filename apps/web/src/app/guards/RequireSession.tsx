import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "../../components/Spinner.tsx";
import { ROUTES } from "../../lib/routes.ts";
import { useSessionStatus, useWebSession } from "../../lib/session/session-context.tsx";
import "./require-session.css";

/**
 * Everything but the sign-in style pages needs a session: a signed-out visitor (or one whose
 * session just ended: a refused refresh, a sign-out in another tab) goes to /sign-in (spec §8).
 * A session the server ended for a reason (an operator's block) goes there with the reason to
 * show, and without the page to come back to: what the customer was doing did not happen.
 * While the start-up refresh is still answering, `pending` (by default a spinner) holds the page.
 */
export function RequireSession({ children, pending }: { children: ReactNode; pending?: ReactNode }) {
  const status = useSessionStatus();
  const session = useWebSession();
  const location = useLocation();
  if (status === "restoring") {
    return (
      pending ?? (
        <div className="k-session-pending">
          <Spinner size={60} />
        </div>
      )
    );
  }
  if (status === "signedOut") {
    const ended = session.endReason();
    const state = ended ? { ended } : { from: `${location.pathname}${location.search}` };
    return <Navigate to={ROUTES.signIn} replace state={state} />;
  }
  return children;
}
