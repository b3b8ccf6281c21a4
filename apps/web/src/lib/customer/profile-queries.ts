import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useApi, useSessionStatus } from "../session/session-context.tsx";
import type { WebSession } from "../session/web-session.ts";

export type Profile = components["schemas"]["Profile"];

/** Every query of the signed-in customer's data starts with this key; sign-out removes them all. */
export const CUSTOMER_QUERY_KEY = ["customer"] as const;
export const PROFILE_QUERY_KEY = [...CUSTOMER_QUERY_KEY, "profile"] as const;

export function fetchProfile(api: WebSession["api"]): Promise<Profile> {
  return unwrap(api.GET("/v2/customer/profile"));
}

/**
 * The profile's query. Fresh for 5 s: the app reads it before its first render (app/
 * session-before-render.ts), and the guard that mounts right after must not ask again. Every
 * change of the customer's own sets or invalidates it.
 */
export function profileQuery(api: WebSession["api"]) {
  return queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: () => fetchProfile(api), staleTime: 5_000 });
}

/** The signed-in customer's profile (GET /v2/customer/profile). */
export function useProfile() {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({ ...profileQuery(api), enabled: signedIn });
}
