import { vi } from "vitest";
import { answer, defaultWorld } from "../../../test/fake-config-service.ts";
import { USDT, wallet } from "../../../test/fake-wallets.ts";
import type { Deposit, DepositList, DepositTemplates } from "../api/earn-queries.ts";

export type Handler = (request: Request) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const id = (n: number) => `0190f4d2-0000-7000-8000-${String(n).padStart(12, "0")}`;

const TEMPLATES: DepositTemplates = [
  {
    currency: "USDT",
    durations: [
      {
        id: id(1),
        productType: "FLEX",
        months: 3,
        percents: "5.00",
        minAmount: "10.000000",
        maxAmount: "100000.000000",
      },
      {
        id: id(2),
        productType: "FIX",
        months: 3,
        percents: "6.00",
        minAmount: "10.000000",
        maxAmount: "100000.000000",
      },
      {
        id: id(3),
        productType: "FIX",
        months: 12,
        percents: "9.00",
        minAmount: "10.000000",
        maxAmount: "100000.000000",
      },
    ],
  },
];

export function deposit(over: Partial<Deposit> = {}): Deposit {
  return {
    id: id(10),
    currency: "USDT",
    productType: "FIX",
    months: 12,
    percents: "9.00",
    currencyAmount: "100.000000",
    currentProfit: "0.750000",
    fiatCurrency: "EUR",
    fiatCurrencyAmount: "92.69",
    minAmount: "10.000000",
    maxAmount: "100000.000000",
    openedAt: "2026-11-01T10:00:00.000Z",
    expiryDate: "2027-11-01T10:00:00.000Z",
    status: "OPEN",
    closedAt: null,
    ...over,
  };
}

export const listOf = (deposits: Deposit[]): DepositList => ({
  deposits,
  offset: 0,
  limit: 100,
  total: deposits.length,
  totals: {
    fiatCurrency: "EUR",
    amount: deposits.length ? "92.69" : "0.00",
    profit: deposits.length ? "0.69" : "0.00",
  },
});

/** The signed-in app's fake server plus the earn calls a test names; every request is kept. */
export function installFakeEarn(handlers: Record<string, Handler> = {}) {
  const world = defaultWorld();
  const requests: Request[] = [];
  const all: Record<string, Handler> = {
    "GET /v3/wallets": () =>
      json(200, { wallets: [wallet(USDT)], fiat: { customerCurrency: "EUR", total: "230.00" } }),
    "GET /v1/deposits/templates": () => json(200, { templates: TEMPLATES }),
    "GET /v1/deposits/": () => json(200, listOf([])),
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
  return { find };
}
