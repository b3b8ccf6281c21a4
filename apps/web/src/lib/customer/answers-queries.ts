import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../session/session-context.tsx";
import { CUSTOMER_QUERY_KEY } from "./profile-queries.ts";

export type StoredAnswers = components["schemas"]["CustomerAnswers"];
const ANSWERS_QUERY_KEY = [...CUSTOMER_QUERY_KEY, "answers"] as const;

/**
 * What the customer answered once (GET /v2/customer/profile/answers): the questionnaire and the
 * billing address every flow that asks them again starts from. Always read afresh: another flow
 * may have just changed it.
 */
export function useStoredAnswers(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: ANSWERS_QUERY_KEY,
    queryFn: () => unwrap(api.GET("/v2/customer/profile/answers")),
    staleTime: 0,
    enabled,
  });
}
