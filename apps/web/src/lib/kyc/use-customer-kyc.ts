import { unwrap } from "@kestrel/api-client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useApi, useSessionStatus } from "../session/session-context.tsx";
import type { WebSession } from "../session/web-session.ts";
import { KYC_DATA_QUERY_KEY } from "./kyc-query-keys.ts";

/** GET /v2/customer/kyc/data: the signed-in customer's level and status (shared with the verification page). */
export function customerKycQuery(api: WebSession["api"]) {
  return queryOptions({
    queryKey: KYC_DATA_QUERY_KEY,
    queryFn: () => unwrap(api.GET("/v2/customer/kyc/data")),
    staleTime: 30_000,
    retry: false,
  });
}

/** The customer's KYC data, once signed in (an operation's guard, the verification page). */
export function useCustomerKyc() {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({ ...customerKycQuery(api), enabled: signedIn });
}
