import type { components } from "@kestrel/api-contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { unwrap } from "../session/api-result.ts";
import { useApi, useSessionStatus } from "../session/session-context.tsx";

// The models of operation kinds this app does not have yet are always null; the client leaves them out.
export type HistoryOperation = Omit<
  components["schemas"]["HistoryOperation"],
  "payinAdvcashModel" | "payinCardModel" | "payoutCardModel"
>;
export type HistoryPage = Omit<components["schemas"]["HistoryPage"], "operations"> & {
  operations: HistoryOperation[];
};
export type HistoryType = HistoryOperation["type"];

export const HISTORY_TYPES: readonly HistoryType[] = [
  "RECEIVE_CRYPTO",
  "SEND_TO_PHONE",
  "SEND_TO_WALLET",
  "EXCHANGE",
  "TEST_CREDIT",
  "DEPOSIT_OPEN",
  "DEPOSIT_CLOSE",
  "CARD_ORDER",
  "CARD_ORDER_REFUND",
  "PAYIN_CARD",
  "PAYOUT_CARD",
  "CARD_TOP_UP",
];
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_QUERY_KEY = ["history"] as const;

export interface HistoryFilters {
  type: HistoryType | "";
  currency: string;
}

/**
 * GET /v2/history/operations, page after page (offset, size 20); later pages pass back the first
 * page's snapshotAt, so operations arriving meanwhile never shift them.
 */
export function useHistory(filters: HistoryFilters) {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useInfiniteQuery({
    queryKey: [...HISTORY_QUERY_KEY, "list", filters],
    initialPageParam: { offset: 0, snapshotAt: undefined as string | undefined },
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET("/v2/history/operations", {
          params: {
            query: {
              offset: pageParam.offset,
              size: HISTORY_PAGE_SIZE,
              ...(pageParam.snapshotAt ? { snapshotAt: pageParam.snapshotAt } : {}),
              ...(filters.type ? { typeFilter: filters.type } : {}),
              ...(filters.currency ? { currencyFilter: filters.currency } : {}),
            },
          },
        }),
      ),
    getNextPageParam: (last) => {
      const next = last.offset + last.operations.length;
      return last.operations.length > 0 && next < last.total
        ? { offset: next, snapshotAt: last.snapshotAt }
        : undefined;
    },
    enabled: signedIn,
  });
}

/** The i18n key naming an operation: a send by phone reads as received on the receiving side. */
export function operationLabelKey(operation: Pick<HistoryOperation, "type" | "direction">) {
  return operation.type === "SEND_TO_PHONE" && operation.direction === "IN"
    ? ("history.receivedByPhone" as const)
    : (`history.types.${operation.type}` as const);
}
