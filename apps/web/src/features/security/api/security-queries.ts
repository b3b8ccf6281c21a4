import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";

export type SecuritySession = components["schemas"]["SecuritySession"];
export type SecurityEvent = components["schemas"]["SecurityEvent"];

const SESSIONS_KEY = ["security", "sessions"] as const;
const EVENTS_KEY = ["security", "events"] as const;
const EVENTS_PAGE = 20;

/** GET /v2/security/sessions: live sessions, this one marked `current`. */
export function useSecuritySessions() {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => (await unwrap(api.GET("/v2/security/sessions"))).sessions,
    enabled: signedIn,
    refetchOnWindowFocus: true,
  });
}

/** GET /v2/security/events, newest first, a page at a time. */
export function useSecurityEvents() {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useInfiniteQuery({
    queryKey: EVENTS_KEY,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      unwrap(api.GET("/v2/security/events", { params: { query: { offset: pageParam, size: EVENTS_PAGE } } })),
    getNextPageParam: (last) =>
      last.events.length < last.size ? undefined : last.offset + last.events.length,
    enabled: signedIn,
  });
}

/** Signing out one session, or all others; the lists are read again after either. */
export function useSignOutSessions() {
  const api = useApi();
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: SESSIONS_KEY }),
      client.invalidateQueries({ queryKey: EVENTS_KEY }),
    ]);
  return {
    one: useMutation({
      mutationFn: (id: string) =>
        unwrap(api.DELETE("/v2/security/sessions/{id}", { params: { path: { id } } })),
      onSettled: refresh,
    }),
    others: useMutation({
      mutationFn: () => unwrap(api.POST("/v2/security/sessions/sign-out-others")),
      onSettled: refresh,
    }),
  };
}
