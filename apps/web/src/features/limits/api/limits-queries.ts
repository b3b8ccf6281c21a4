import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { useQuery } from "@tanstack/react-query";
import { KYC_LIMITS_QUERY_KEY } from "../../../lib/kyc/kyc-query-keys.ts";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";

export type KycLimits = components["schemas"]["KycLimits"];
export type OperationLimits = KycLimits["operations"][number];

/** GET /v1/kyc/limits: per operation, the limits at the customer's level, used and remaining. */
export function useKycLimits() {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: KYC_LIMITS_QUERY_KEY,
    queryFn: () => unwrap(api.GET("/v1/kyc/limits")),
    enabled: signedIn,
    // Usage changes with every payment: read again when the customer comes back to the tab.
    refetchOnWindowFocus: true,
  });
}
