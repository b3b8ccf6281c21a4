import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { HISTORY_TYPES as ALL_HISTORY_TYPES } from "@kestrel/domain";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useApi, useSessionStatus } from "../session/session-context.tsx";

// Advcash pay-ins do not exist in Kestrel: their model is always null, so the client leaves it out.
export type HistoryOperation = Omit<components["schemas"]["HistoryOperation"], "payinAdvcashModel">;
export type HistoryType = HistoryOperation["type"];

/**
 * The types the history page offers as a filter: every history type but the IBAN account's, which
 * the filter has not listed since they came (docs/iban.md); a customer sees them in the list.
 */
const NOT_A_FILTER: readonly HistoryType[] = ["IBAN_RECEIVE", "IBAN_WITHDRAW", "EXCHANGE_IBAN"];
export const HISTORY_TYPES: readonly HistoryType[] = ALL_HISTORY_TYPES.filter(
  (type) => !NOT_A_FILTER.includes(type),
);
const HISTORY_PAGE_SIZE = 20;
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

type Money = { value: string; currency: string };

/**
 * A card pay-in's or payout's model (reference §4.12 payinCardModel / payoutCardModel) in one
 * shape for the screens: the masked card, what was debited (the card for a pay-in, the wallet for
 * a payout, fees included), the fee, the rate and what arrived, and why it failed if it did.
 */
export type CardPaymentDetails = {
  kind: "PAYIN_CARD" | "PAYOUT_CARD";
  card: string;
  debited: Money;
  fee: Money;
  credited: Money;
  rate: { sourceCurrency: string; targetCurrency: string; rate: string };
  failureReason: string | null;
};

/** The card model of an operation, or undefined for any other kind. */
export function cardPaymentDetails(operation: HistoryOperation): CardPaymentDetails | undefined {
  const payin = operation.payinCardModel;
  const payout = operation.payoutCardModel;
  const model = payin ?? payout;
  if (!model) return undefined;
  return {
    kind: payin ? "PAYIN_CARD" : "PAYOUT_CARD",
    card: payin ? payin.fromCardPAN : (payout?.toCardPAN ?? ""),
    debited: model.debitAmount,
    fee: model.feeAmount,
    credited: model.creditAmount,
    rate: model.exchangeRate,
    failureReason: model.failureReason,
  };
}

/** A send by phone to someone who was not a customer yet: where its money stands (docs/send.md). */
export type Claim = NonNullable<NonNullable<HistoryOperation["sendToPhoneModel"]>["claim"]>;

/** The sender's claim of an operation (the receiver's row reads as any money received). */
export function senderClaimOf(operation: HistoryOperation): Claim | undefined {
  return operation.direction === "OUT" ? operation.sendToPhoneModel?.claim : undefined;
}

/**
 * The i18n key naming an operation: a send by phone reads as received on the receiving side,
 * and a send to someone not yet a customer says where its money stands.
 */
export function operationLabelKey(
  operation: Pick<HistoryOperation, "type" | "direction"> &
    Partial<Pick<HistoryOperation, "sendToPhoneModel">>,
) {
  const claim = operation.direction === "OUT" ? operation.sendToPhoneModel?.claim : undefined;
  if (claim) return `claims.labels.${claim.status}` as const;
  return operation.type === "SEND_TO_PHONE" && operation.direction === "IN"
    ? ("history.receivedByPhone" as const)
    : (`words.operationType.${operation.type}` as const);
}

/** The i18n key of an operation's status: a claim's own word (a returned send did not fail). */
export function operationStatusKey(operation: HistoryOperation) {
  const claim = senderClaimOf(operation);
  return claim
    ? (`claims.statuses.${claim.status}` as const)
    : (`words.operationStatus.${operation.status}` as const);
}
