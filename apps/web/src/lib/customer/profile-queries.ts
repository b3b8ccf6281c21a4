import type { components } from "@kestrel/api-contract";
import { useQuery } from "@tanstack/react-query";
import { unwrap } from "../session/api-result.ts";
import { useApi, useSessionStatus } from "../session/session-context.tsx";
import type { WebSession } from "../session/web-session.ts";

export type Profile = components["schemas"]["Profile"];

/** Every query of the signed-in customer's data starts with this key; sign-out removes them all. */
export const CUSTOMER_QUERY_KEY = ["customer"] as const;
export const PROFILE_QUERY_KEY = [...CUSTOMER_QUERY_KEY, "profile"] as const;

export function fetchProfile(api: WebSession["api"]): Promise<Profile> {
  return unwrap(api.GET("/v2/customer/profile"));
}

/** The signed-in customer's profile (GET /v2/customer/profile). */
export function useProfile() {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => fetchProfile(api),
    enabled: signedIn,
  });
}
