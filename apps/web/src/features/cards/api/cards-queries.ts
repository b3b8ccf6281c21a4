import { unwrap } from "@kestrel/api-client";
import type { components, paths } from "@kestrel/api-contract";
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { sealToServerKey } from "../../../lib/crypto/rsa-seal.ts";
import { HISTORY_QUERY_KEY } from "../../../lib/history/history-queries.ts";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";
import { WALLETS_QUERY_KEY } from "../../../lib/wallets/wallet-queries.ts";
import { isInFlight } from "../card-status.ts";

export type CardProgram = "CP_1" | "CP_2";
export const CARD_PROGRAMS: readonly CardProgram[] = ["CP_1", "CP_2"];
export type Card = components["schemas"]["Card"];
export type CardPrices = components["schemas"]["CardPrices"];
export type CardPrice = CardPrices["prices"][number];
type JsonBody<P extends keyof paths, M extends "post" | "put"> = paths[P][M] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;
export type AddressBody = JsonBody<"/v3/card/card-requests/{cardRequestId}/address", "put">;
export type PersonalInfoBody = JsonBody<"/v3/card/additional-personal-info", "post">;

const CARDS_KEY = ["cards"] as const;
const cp = (program: CardProgram) => ({ query: { cp: program } });

type Api = ReturnType<typeof useApi>;

/** GET /v2/card/prices; a 403 means the merchant does not offer the program (not retried). */
const pricesQuery = (api: Api, program: CardProgram) => ({
  queryKey: [...CARDS_KEY, "prices", program],
  queryFn: () => unwrap(api.GET("/v2/card/prices", { params: cp(program) })),
  staleTime: 60_000,
  retry: false,
});

/** GET /v2/card/list: the program's cards and unfinished orders. */
const listQuery = (api: Api, program: CardProgram, enabled: boolean) => ({
  queryKey: [...CARDS_KEY, "list", program],
  queryFn: () => unwrap(api.GET("/v2/card/list", { params: cp(program) })),
  enabled,
  retry: false,
  // /cards asks once to know when every section can be drawn (useCardsPageSettled); the sections
  // mounting right after take that answer rather than ask again.
  staleTime: 5_000,
  // A paid card is issued and shipped on the issuer's clock, an order reviewed on support's:
  // follow the list while a card is in flight (spec §4) or pending.
  refetchInterval: (query: { state: { data?: { cards: Card[] } } }) =>
    query.state.data?.cards.some((c) => isInFlight(c) || c.displayStatus === "PROGRESS") ? 5_000 : false,
});

export function useCardPrices(program: CardProgram) {
  return useQuery(pricesQuery(useApi(), program));
}

export function useCardList(program: CardProgram, enabled = true) {
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery(listQuery(useApi(), program, signedIn && enabled));
}

/**
 * Whether every program's prices, and the cards of each program offered, have answered (or
 * failed): /cards draws its sections once, together, so one section's content arriving never
 * pushes the next one down.
 */
export function useCardsPageSettled(): boolean {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  const prices = useQueries({ queries: CARD_PROGRAMS.map((program) => pricesQuery(api, program)) });
  const lists = useQueries({
    queries: CARD_PROGRAMS.map((program, i) =>
      listQuery(api, program, signedIn && Boolean(prices[i]?.isSuccess)),
    ),
  });
  return prices.every((q, i) => !q.isPending && (!q.isSuccess || !lists[i]?.isPending));
}

export function useCardConstants(program: CardProgram) {
  const api = useApi();
  return useQuery({
    queryKey: [...CARDS_KEY, "constants", program],
    queryFn: () => unwrap(api.GET("/v3/card/additional-personal-info/constants", { params: cp(program) })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDeliveryCountries(program: CardProgram) {
  const api = useApi();
  return useQuery({
    queryKey: [...CARDS_KEY, "delivery-countries", program],
    queryFn: () =>
      unwrap(api.GET("/v2/card/card-requests/country/plastic-delivery", { params: cp(program) })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * GET /v2/card/card-requests/{id}/price/{currency}: the order's price in fiat (card, delivery,
 * total). Its crypto side is an estimate: the checkout shows the offer's (use-card-order-offer.ts).
 */
export function useRequestPrice(
  program: CardProgram,
  id: string | undefined,
  currency: string,
  promoCode: string,
) {
  const api = useApi();
  return useQuery({
    queryKey: [...CARDS_KEY, "price", program, id, currency, promoCode],
    queryFn: () =>
      unwrap(
        api.GET("/v2/card/card-requests/{id}/price/{currency}", {
          params: {
            path: { id: id ?? "", currency },
            query: { cp: program, ...(promoCode ? { promoCode } : {}) },
          },
        }),
      ),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Every write of the order reads the list again (the server says where the order resumes). */
function useCardsRefresh(money = false) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: CARDS_KEY });
    if (money) {
      void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
    }
  };
}

export function useCardOrderActions(program: CardProgram) {
  const api = useApi();
  const refresh = useCardsRefresh();
  const refreshMoney = useCardsRefresh(true);
  const q = cp(program);
  return {
    create: useMutation({
      mutationFn: (body: { cardType: "PLASTIC" | "VIRTUAL"; cardDesignId: number }) =>
        unwrap(api.POST("/v2/card/card-requests", { params: q, body })),
      onSuccess: refresh,
    }),
    information: useMutation({
      mutationFn: async (v: { tax: { taxCountry: string; taxId: string }; info: PersonalInfoBody }) => {
        await unwrap(api.PUT("/v1/customer/profile/tax", { body: v.tax }));
        return unwrap(api.POST("/v3/card/additional-personal-info", { params: q, body: v.info }));
      },
      onSuccess: refresh,
    }),
    cardholder: useMutation({
      mutationFn: (v: { id: string; firstName: string; lastName: string }) =>
        unwrap(
          api.PUT("/v2/card/card-requests/{cardRequestId}/cardholder-name", {
            params: { ...q, path: { cardRequestId: v.id } },
            body: { firstName: v.firstName, lastName: v.lastName },
          }),
        ),
      onSuccess: refresh,
    }),
    address: useMutation({
      mutationFn: (v: { id: string; body: AddressBody }) =>
        unwrap(
          api.PUT("/v3/card/card-requests/{cardRequestId}/address", {
            params: { ...q, path: { cardRequestId: v.id } },
            body: v.body,
          }),
        ),
      onSuccess: refresh,
    }),
    /**
     * Pays the CARD_ORDER offer the screen shows (use-card-order-offer.ts), keyed by the offer: a
     * retry pays once, and a lapsed or replaced offer is refused with nothing moved.
     */
    pay: useMutation({
      mutationFn: (offerId: string) =>
        unwrap(
          api.POST("/v2/card/card-requests/payment-offer/{id}/confirm", {
            params: { ...q, path: { id: offerId } },
            headers: { "idempotency-key": offerId },
          }),
        ),
      onSuccess: refreshMoney,
    }),
    cancel: useMutation({
      mutationFn: (id: string) =>
        unwrap(api.POST("/v2/card/card-requests/{id}/cancel", { params: { ...q, path: { id } } })),
      onSuccess: refreshMoney,
    }),
  };
}

/** Activation: the code is sealed to the server's RSA key before it leaves the page. */
export function useActivateCard(program: CardProgram) {
  const api = useApi();
  const refresh = useCardsRefresh();
  return useMutation({
    mutationFn: async (v: { card: Card; code: string }) => {
      const key = await unwrap(api.GET("/v2/card/rsa-public-key", { params: cp(program) }));
      const body = { keyId: key.id, passCode: await sealToServerKey(key.publicKey, v.code) };
      if (v.card.cardType === "VIRTUAL") {
        return unwrap(api.POST("/v2/card/virtual/activate", { params: cp(program), body }));
      }
      return unwrap(
        api.POST("/v2/card/plastic/{id}/activate", {
          params: { ...cp(program), path: { id: v.card.id ?? "" } },
          body,
        }),
      );
    },
    onSuccess: refresh,
  });
}
