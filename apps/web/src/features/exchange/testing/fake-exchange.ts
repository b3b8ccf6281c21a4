import { vi } from "vitest";
import { answer, defaultWorld } from "../../../test/fake-config-service.ts";
import type { ExchangeExecution, ExchangeOffer, ExchangePair, OfferRequest } from "../api/exchange-types.ts";

export type Handler = (request: Request) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export const refusal = (status: number, error: string, message: string, field?: string) =>
  json(status, { error, errorId: 1, message, requestId: "test", ...(field ? { field } : {}) });

export const USDT_EUR: ExchangePair = {
  currencyFrom: "USDT",
  currencyTo: "EUR",
  rate: "0.9",
  rateScale: 10,
  minAmountFrom: "1.000000",
  maxAmountFrom: "10000.000000",
  minAmountTo: "0.57",
  maxAmountTo: "8992.17",
  allAmountFrom: "250.000000",
  amountScaleFrom: 6,
  amountScaleTo: 2,
  lock: false,
};

const wallet = (currency: string, name: string, scale: number, balance: string) => ({
  id: `0190f4d2-0000-7000-8000-00000000000${scale}`,
  name,
  currency,
  scale,
  balance,
  balanceString: balance,
  availableBalance: balance,
  walletCreationState: "READY",
  address: null,
  pattern: null,
  network: null,
  networkName: null,
  requiredConfirmations: null,
  addressUnavailableReason: null,
  allowOperations: ["EXCHANGE"],
  fiat: { customerCurrency: "EUR", amount: "0.00", rate: "1" },
  createdAt: "2026-11-01T10:00:00.000Z",
});

export const WALLETS = {
  wallets: [wallet("USDT", "Tether USD", 6, "250.000000"), wallet("EUR", "Euro", 2, "10.00")],
  fiat: { customerCurrency: "EUR", total: "240.00" },
};

/** The offer the fake server quotes for a request: 100 USDT → 89.25 EUR, whichever side is typed. */
export function offerFor(body: OfferRequest, offerId: string, rate = "0.9"): ExchangeOffer {
  return {
    offerId,
    expirationDateTime: "2030-01-01T00:00:20Z",
    exchangeRate: rate,
    validSeconds: 20,
    sourceCurrencyAmount: { amount: body.amountFrom ?? "100.000000", currencyCode: body.currencyFrom },
    targetCurrencyAmount: { amount: body.amountTo ?? "89.25", currencyCode: body.currencyTo },
    fixedSide: body.amountFrom ? "FROM" : "TO",
    feeAmount: { amount: "0.824000", currencyCode: body.currencyFrom },
    feeInfo: [
      { type: "TransactionFee", value: "0.5" },
      { type: "AdditionalFee", value: "0" },
    ],
  };
}

export function execution(offer: ExchangeOffer): ExchangeExecution {
  return {
    offerId: offer.offerId,
    status: "SUCCESS",
    operationId: "0190f4d2-0000-7000-8000-0000000000aa",
    createdAt: "2026-11-20T10:15:00.000Z",
    exchangeRate: offer.exchangeRate,
    sourceCurrencyAmount: offer.sourceCurrencyAmount,
    targetCurrencyAmount: offer.targetCurrencyAmount,
    feeAmount: offer.feeAmount,
    feeInfo: offer.feeInfo,
  };
}

/**
 * The signed-in app's fake server (configuration service, session) plus the calls a test names
 * ("POST /v1/mobile/exchange/offer"...). Every request is kept, so a test can read bodies.
 */
export function installFakeExchange(handlers: Record<string, Handler>) {
  const world = defaultWorld();
  const requests: Request[] = [];
  const all: Record<string, Handler> = {
    "GET /v3/wallets": () => json(200, WALLETS),
    "GET /v2/exchange/currencies": () => json(200, { pairs: [USDT_EUR] }),
    ...handlers,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), "http://localhost:3000"), init);
      requests.push(request.clone());
      const handler = all[`${request.method} ${new URL(request.url).pathname}`];
      return handler ? handler(request) : answer(world, request.url, request.headers);
    }),
  );
  const find = (method: string, path: string) =>
    requests.filter((r) => r.method === method && new URL(r.url).pathname === path);
  const bodies = (method: string, path: string) => Promise.all(find(method, path).map((r) => r.json()));
  return { find, bodies };
}
