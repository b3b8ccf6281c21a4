import type { AccessGrant } from "@kestrel/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { fetchProfile, PROFILE_QUERY_KEY } from "../../../lib/customer/profile-queries.ts";
import { useWebSession } from "../../../lib/session/session-context.tsx";
import { type PassedStep, rememberStepPassed, routeAfterSignIn } from "../redirect-after-sign-in.ts";

/** Starts the session from a token grant (if given) and goes where spec §2's rules say. */
export function useContinueAfterSignIn() {
  const session = useWebSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // RequireSession's note of the page that sent the customer here (path and query).
  const from = (useLocation().state as { from?: string } | null)?.from;
  return async (grant: AccessGrant | undefined, passed: PassedStep = "signIn") => {
    if (grant) session.signIn(grant);
    // The protected pages' guard asks the same steps again unless it knows they were passed.
    rememberStepPassed(grant ? "signIn" : passed);
    // Fresh, not cached: the step just passed may have changed the profile.
    const profile = await queryClient.fetchQuery({
      queryKey: PROFILE_QUERY_KEY,
      queryFn: () => fetchProfile(session.api),
      staleTime: 0,
    });
    await navigate(routeAfterSignIn(profile, passed, from), { replace: true });
  };
}
