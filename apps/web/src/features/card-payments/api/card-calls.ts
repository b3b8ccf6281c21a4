import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import type { WebSession } from "../../../lib/session/web-session.ts";

type Api = WebSession["api"];

export type CardData = components["schemas"]["CardPaymentData"];
export type SavedCard = components["schemas"]["PaymentCard"];
export type CardOffer = components["schemas"]["CardOffer"];
type BillingAddress = components["schemas"]["BillingAddress"];
export type BrowserInfo = components["schemas"]["BrowserInfo"];
export type CardMode = "payin" | "payout";

/** Payout calls name the client's version (reference §4.11: required on every /v4/payout call). */
const SDK = { "x-sdk-version": "kestrel-web-1" };

export type NewCard = {
  cardNumber: string;
  cardHolder: string;
  cardExpirationYear: number;
  cardExpirationMonth: number;
  /** Pay-in cards only: a payout card is not asked for one. */
  billingAddress?: BillingAddress;
};

export function fetchCardData(api: Api, mode: CardMode): Promise<CardData> {
  return mode === "payin"
    ? unwrap(api.GET("/v3/payin/data"))
    : unwrap(api.GET("/v4/payout/data", { params: { header: SDK } }));
}

/** The number goes to our server once, which hands it to the acquirer and keeps only its token. */
export function addCard(api: Api, mode: CardMode, card: NewCard): Promise<SavedCard> {
  if (mode === "payout") return unwrap(api.POST("/v4/payout/card", { body: card, params: { header: SDK } }));
  const { billingAddress } = card;
  // AddCardForm asks for it whenever the card pays; its absence here is a programming error.
  if (!billingAddress) throw new Error("a pay-in card is saved with its billing address");
  return unwrap(api.POST("/v3/payin/card", { body: { ...card, billingAddress } }));
}

export function createCardOffer(
  api: Api,
  mode: CardMode,
  body: { cardId: string; fromCurrency: string; toCurrency: string; amount: string },
): Promise<CardOffer> {
  return mode === "payin"
    ? unwrap(api.POST("/v3/payin/offer", { body: { ...body, operation: "PAYIN" } }))
    : unwrap(api.POST("/v4/payout/offer", { body, params: { header: SDK } }));
}

export function updateCardOffer(
  api: Api,
  mode: CardMode,
  offerId: string,
  body: { fromCurrency: string; toCurrency: string; amount: string },
): Promise<CardOffer> {
  return mode === "payin"
    ? unwrap(api.PUT("/v3/payin/offer/{offerId}", { params: { path: { offerId } }, body }))
    : unwrap(api.PUT("/v4/payout/offer/{offerId}", { params: { path: { offerId }, header: SDK }, body }));
}

/** The outcome the screens show: where the payment stands, and why when it failed. */
export type PaymentState = {
  status: "CHALLENGE" | "PENDING" | "SUCCESS" | "FAILURE";
  authLink?: string | null;
  reason: string | null;
  amount: string;
  currency: string;
};

export async function payInByCard(
  api: Api,
  offerId: string,
  body: { cardCVV: string; fingerprint: BrowserInfo; successUrl: string },
): Promise<PaymentState> {
  const r = await unwrap(api.POST("/v3/payin/pay/{offerId}", { params: { path: { offerId } }, body }));
  return {
    status: r.transactionStatus,
    authLink: r.authLink,
    reason: r.reason,
    amount: r.transactionAmount,
    currency: r.currency,
  };
}

/** GET /v3/payin/pay-callback: polled while the bank decides. */
export async function payInStatus(
  api: Api,
  offerId: string,
): Promise<PaymentState & { received: string; receivedCurrency: string }> {
  const r = await unwrap(api.GET("/v3/payin/pay-callback", { params: { query: { offerId } } }));
  return {
    status: r.status,
    reason: r.reason,
    amount: r.amount,
    currency: r.currency,
    received: r.cryptoAmount,
    receivedCurrency: r.cryptoCurrency,
  };
}

/** POST /v4/payout/pay: pays once; called again it answers where that payout stands (polled). */
export async function payOut(api: Api, offerId: string): Promise<PaymentState> {
  const r = await unwrap(
    api.POST("/v4/payout/pay/{offerId}", { params: { path: { offerId }, header: SDK } }),
  );
  return { status: r.status, reason: r.reason, amount: r.amountTo, currency: r.currencyTo };
}
