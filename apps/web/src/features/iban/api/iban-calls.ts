import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { HISTORY_QUERY_KEY } from "../../../lib/history/history-queries.ts";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";
import { WALLETS_QUERY_KEY } from "../../../lib/wallets/wallet-queries.ts";

export type IbanList = components["schemas"]["IbanList"];
export type IbanItem = components["schemas"]["IbanItem"];
export type Recipient = components["schemas"]["IbanRecipient"];
export type Withdrawal = components["schemas"]["IbanWithdrawal"];
export type ExchangeOffer = components["schemas"]["ExchangeOffer"];
export type IbanConstants = components["schemas"]["IbanPersonalInfoConstants"];

const IBAN_KEY = ["iban"] as const;
/** Every IBAN action shows its refusal where it happened (beside the field, in the form or a modal). */
const QUIET = { silentError: true } as const;

function useSignedIn() {
  return useSessionStatus() === "signedIn";
}

/** GET /v2/iban/list: eligibility, the order and its open steps, the issued IBAN. */
export function useIbanList() {
  const api = useApi();
  return useQuery({
    queryKey: [...IBAN_KEY, "list"],
    queryFn: () => unwrap(api.GET("/v2/iban/list")),
    enabled: useSignedIn(),
    // While the account is being opened or the identity review runs, the list is read again.
    refetchInterval: (query) => {
      const item = query.state.data?.ibans[0];
      const waiting =
        item && !item.iban && (item.status === "IN_PROGRESS" || item.displayStatus === "VERIFICATION");
      return waiting ? 3000 : false;
    },
  });
}

export function useIbanConstants() {
  const api = useApi();
  return useQuery({
    queryKey: [...IBAN_KEY, "constants"],
    queryFn: () => unwrap(api.GET("/v2/iban/additional-personal-info/constants")),
    enabled: useSignedIn(),
    staleTime: 3_600_000,
  });
}

function useRefreshIban() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: IBAN_KEY });
    void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
  };
}

export function useCreateRequest() {
  const api = useApi();
  const refresh = useRefreshIban();
  return useMutation({
    meta: QUIET,
    mutationFn: () => unwrap(api.POST("/v2/iban/iban-requests")),
    onSuccess: refresh,
  });
}

export function useCancelRequest() {
  const api = useApi();
  const refresh = useRefreshIban();
  return useMutation({
    meta: QUIET,
    mutationFn: (ibanRequestId: string) =>
      unwrap(
        api.GET("/v2/iban/iban-requests/{ibanRequestId}/cancel", { params: { path: { ibanRequestId } } }),
      ),
    onSuccess: refresh,
  });
}

export function useSavePersonalInfo() {
  const api = useApi();
  const refresh = useRefreshIban();
  return useMutation({
    meta: QUIET,
    mutationFn: (body: components["schemas"]["IbanPersonalInfoBody"]) =>
      unwrap(api.POST("/v2/iban/additional-personal-info", { body })),
    onSuccess: refresh,
  });
}

export function useSaveAddress() {
  const api = useApi();
  const refresh = useRefreshIban();
  return useMutation({
    meta: QUIET,
    mutationFn: (body: components["schemas"]["IbanAddressBody"]) =>
      unwrap(api.POST("/v2/iban/addresses", { body })),
    onSuccess: refresh,
  });
}

export function useRecipients() {
  const api = useApi();
  return useQuery({
    queryKey: [...IBAN_KEY, "recipients"],
    queryFn: () => unwrap(api.GET("/v2/iban/recipients")),
    enabled: useSignedIn(),
  });
}

export function useAddRecipient() {
  const api = useApi();
  const refresh = useRefreshIban();
  return useMutation({
    meta: QUIET,
    mutationFn: (body: { name: string; iban: string; bic: string }) =>
      unwrap(api.POST("/v2/iban/recipients", { body })),
    onSuccess: refresh,
  });
}

export function useDeleteRecipient() {
  const api = useApi();
  const refresh = useRefreshIban();
  return useMutation({
    meta: QUIET,
    mutationFn: (id: string) => unwrap(api.DELETE("/v2/iban/recipients/{id}", { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

export function useWithdrawData(ibanId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: [...IBAN_KEY, "withdrawData", ibanId],
    queryFn: () =>
      unwrap(api.GET("/v2/iban/{ibanId}/withdraw/data", { params: { path: { ibanId: ibanId ?? "" } } })),
    enabled: useSignedIn() && ibanId !== undefined,
  });
}

export function useIbanHistory(ibanId: string | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: [...IBAN_KEY, "history", ibanId],
    queryFn: () =>
      unwrap(
        api.GET("/v2/history/iban/{ibanId}", {
          params: { path: { ibanId: ibanId ?? "" }, query: { offset: 0, size: 50 } },
        }),
      ),
    enabled: useSignedIn() && ibanId !== undefined,
    refetchInterval: 5000,
  });
  // A transfer arrived or settled: the balance on the card is read again with it.
  const settled = (history.data?.items ?? []).map((i) => `${i.id}:${i.status}`).join(",");
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: [...IBAN_KEY, "list"] });
  }, [settled, queryClient]);
  return history;
}

/** POST /v2/iban/{ibanId}/withdraw with the action's key; the SMS code on the repeat. */
export function useWithdraw() {
  const api = useApi();
  const refresh = useRefreshIban();
  return useMutation({
    meta: QUIET,
    mutationFn: (p: {
      ibanId: string;
      body: { recipientId: string; amount: string; reference?: string };
      key: string;
      code?: string;
    }) =>
      unwrap(
        api.POST("/v2/iban/{ibanId}/withdraw", {
          params: { path: { ibanId: p.ibanId } },
          body: p.body,
          headers: { "idempotency-key": p.key, ...(p.code ? { "x-confirmation-code": p.code } : {}) },
        }),
      ),
    onSuccess: refresh,
  });
}

export function useExchangeOffer() {
  const api = useApi();
  return useMutation({
    meta: QUIET,
    mutationFn: (p: { ibanId: string; currencyFrom: string; amountFrom: string }) =>
      unwrap(
        api.POST("/v2/iban/{ibanId}/exchange/offer", {
          params: { path: { ibanId: p.ibanId } },
          body: { currencyFrom: p.currencyFrom, currencyTo: "EUR", amountFrom: p.amountFrom },
        }),
      ),
  });
}

export function useExecuteExchange() {
  const api = useApi();
  const refresh = useRefreshIban();
  return useMutation({
    meta: QUIET,
    mutationFn: (p: { ibanId: string; offerId: string }) =>
      unwrap(
        api.PUT("/v2/iban/{ibanId}/exchange/offer/{offerId}", {
          params: { path: { ibanId: p.ibanId, offerId: p.offerId } },
          headers: { "idempotency-key": p.offerId },
        }),
      ),
    onSuccess: refresh,
  });
}
