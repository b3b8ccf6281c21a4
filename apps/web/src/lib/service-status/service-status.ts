import type { components } from "@kestrel/api-contract";
import { useQuery } from "@tanstack/react-query";
import { formatDate } from "../format/dates.ts";
import "../i18n/en-status.ts";
import { unwrap } from "@kestrel/api-client";
import { useApi } from "../session/session-context.tsx";

export type StatusComponent = components["schemas"]["StatusComponent"];

/** The server answers from a cache a few seconds old; a minute's polling keeps a page current. */
const REFRESH_MS = 60_000;

/** The merchant's features and their state (GET /v2/status, public): home's strip and /status. */
export function useServiceStatus() {
  const api = useApi();
  return useQuery({
    queryKey: ["service-status"],
    queryFn: () => unwrap(api.GET("/v2/status")),
    select: (answer) => answer.components,
    staleTime: 5_000,
    refetchInterval: REFRESH_MS,
  });
}

/** What is not working normally, longest affected first. */
export function affectedComponents(components: readonly StatusComponent[]): StatusComponent[] {
  return components
    .filter((c) => c.state !== "OPERATIONAL")
    .sort((a, b) => (a.since ?? "").localeCompare(b.since ?? ""));
}

/** "27 November 2026, 08:12" in the customer's time zone. */
export const sinceText = (since: string | null) =>
  since ? `${formatDate(since, "long")}, ${formatDate(since, "time")}` : "";
