import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { answer, defaultWorld } from "../../test/fake-config-service.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";
import type { IbanItem, IbanList } from "./api/iban-calls.ts";

type Handler = (request: Request) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const IBAN_ID = "0190f4d2-0000-7000-8000-000000000001";
const REQUEST_ID = "0190f4d2-0000-7000-8000-000000000002";
const RECIPIENT_ID = "0190f4d2-0000-7000-8000-000000000003";

function item(over: Partial<IbanItem> = {}): IbanItem {
  return {
    id: IBAN_ID,
    ibanRequestId: REQUEST_ID,
    status: "ACTIVE",
    displayStatus: "ACTIVE",
    additionalStatuses: [],
    iban: "LT353250012345678901",
    bic: "KSTLLT22XXX",
    holderName: "Ada Lovelace",
    currency: "EUR",
    balance: "120.00",
    availableBalance: "120.00",
    createdAt: "2026-11-20T10:00:00.000Z",
    ...over,
  };
}

const list = (over: Partial<IbanList> = {}): IbanList => ({
  status: "ACTIVE",
  displayStatus: "ACTIVE",
  eligible: true,
  reason: null,
  message: null,
  ibans: [item()],
  ...over,
});

/** The signed-in app's fake server plus the IBAN calls a test names; every request is kept. */
function installFakeIban(handlers: Record<string, Handler>) {
  const world = defaultWorld();
  const requests: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), "http://localhost:3000"), init);
      requests.push(request.clone());
      const handler = handlers[`${request.method} ${new URL(request.url).pathname}`];
      return handler ? handler(request) : answer(world, request.url, request.headers);
    }),
  );
  return {
    find: (method: string, path: string) =>
      requests.filter((r) => r.method === method && new URL(r.url).pathname === path),
  };
}

describe("/iban", () => {
  it("says plainly why a customer may not order one", async () => {
    const message =
      "IBAN accounts are available only to residents of the European Union. Your country of residence is not one of its 27 countries.";
    installFakeIban({
      "GET /v2/iban/list": () =>
        json(
          200,
          list({
            status: "UNAVAILABLE",
            displayStatus: "SOON",
            eligible: false,
            reason: "COUNTRY_NOT_ELIGIBLE",
            message,
            ibans: [],
          }),
        ),
    });
    renderApp("/iban");
    expect(await screen.findByText(message)).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Order IBAN" })).toBeNull();
  });

  it("with the merchant's flag off and no account, says plainly that IBANs are not offered", async () => {
    installFakeIban({
      "GET /v2/iban/list": () =>
        json(
          200,
          list({
            status: "UNAVAILABLE",
            displayStatus: "SOON",
            eligible: false,
            reason: "NOT_OFFERED",
            message: "IBAN accounts are not offered here.",
            ibans: [],
          }),
        ),
    });
    renderApp("/iban");
    expect(await screen.findByText("IBAN accounts are not offered here.")).not.toBeNull();
    expect(screen.getByRole("heading", { name: "IBAN accounts are not available to you" })).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Order IBAN" })).toBeNull();
    expect(screen.queryByTestId("iban-number")).toBeNull();
  });

  it("with the merchant's flag off, still shows an issued account, read-only apart from withdrawing", async () => {
    const fake = installFakeIban({
      "GET /v2/iban/list": () =>
        json(
          200,
          list({
            eligible: false,
            reason: "NOT_OFFERED",
            message: "IBAN accounts are not offered here.",
          }),
        ),
      "GET /v2/history/iban/0190f4d2-0000-7000-8000-000000000001": () =>
        json(200, { ibanId: IBAN_ID, offset: 0, size: 50, total: 0, items: [] }),
    });
    renderApp("/iban");
    expect((await screen.findByTestId("iban-number")).textContent).toBe("LT35 3250 0123 4567 8901");
    expect(
      screen.getByRole("heading", { name: "You can still see this account and send its balance to a bank" }),
    ).not.toBeNull();
    expect(screen.getByText("IBAN accounts are not offered here.")).not.toBeNull();
    expect(screen.getAllByText(/120\.00/).length).toBeGreaterThan(0);
    expect(screen.getByRole("link", { name: "Send to a bank" })).not.toBeNull();
    expect(await screen.findByText(/No transfers yet/)).not.toBeNull();
    // No money in: the exchange form is not offered, nor is an order.
    expect(screen.queryByRole("heading", { name: "Exchange to IBAN" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Order IBAN" })).toBeNull();
    expect(fake.find("POST", `/v2/iban/${IBAN_ID}/exchange/offer`)).toHaveLength(0);
  });

  it("resumes an unfinished order at its first open step", async () => {
    installFakeIban({
      "GET /v2/iban/list": () =>
        json(
          200,
          list({
            status: "COLLECTION",
            displayStatus: "ACTION",
            ibans: [
              item({
                id: null,
                iban: null,
                bic: null,
                status: "COLLECTION",
                displayStatus: "ACTION",
                additionalStatuses: ["ADDRESS"],
              }),
            ],
          }),
        ),
      "GET /v2/iban/additional-personal-info/constants": () =>
        json(200, {
          incomeSource: ["salary"],
          estimatedMonthlyTurnoverRange: ["0-1000"],
          purposesOfAccountOpening: [],
          euCountries: [{ code: "DE", name: "Germany" }],
        }),
      "GET /v2/iban/additional-personal-info": () =>
        json(200, {
          isUsRelated: false,
          usRelatedPerson: null,
          incomeSources: ["salary"],
          additionalSources: null,
          estimatedMonthlyTurnoverRange: "0-1000",
          taxCountry: "DE",
          taxId: "X1",
          billingAddress: null,
        }),
    });
    renderApp("/iban");
    expect(await screen.findByRole("heading", { name: "Step 4 of 4: Billing address" })).not.toBeNull();
    expect(await screen.findByLabelText("Postal code")).not.toBeNull();
  });

  it("shows the issued IBAN and BIC with copy buttons and the balance", async () => {
    installFakeIban({
      "GET /v2/iban/list": () => json(200, list()),
      "GET /v2/history/iban/0190f4d2-0000-7000-8000-000000000001": () =>
        json(200, { ibanId: IBAN_ID, offset: 0, size: 50, total: 0, items: [] }),
    });
    renderApp("/iban");
    expect((await screen.findByTestId("iban-number")).textContent).toBe("LT35 3250 0123 4567 8901");
    expect(screen.getByRole("button", { name: "Copy IBAN" })).not.toBeNull();
    expect(screen.getByRole("button", { name: "Copy BIC" })).not.toBeNull();
    expect(screen.getByText("Active")).not.toBeNull();
  });
});

describe("/iban/withdraw/bank", () => {
  it("with the merchant's flag off, a holder with no saved recipient can still add one", async () => {
    installFakeIban({
      "GET /v2/iban/list": () =>
        json(
          200,
          list({ eligible: false, reason: "NOT_OFFERED", message: "IBAN accounts are not offered here." }),
        ),
      "GET /v2/iban/recipients": () => json(200, { recipients: [] }),
      "GET /v2/iban/0190f4d2-0000-7000-8000-000000000001/withdraw/data": () =>
        json(200, {
          ibanId: IBAN_ID,
          currency: "EUR",
          balance: "120.00",
          availableBalance: "120.00",
          fees: { fixFee: "1.00" },
          minAmount: "1.00",
          maxAmount: "10000.00",
          confirmation: "SMS",
        }),
    });
    renderApp("/iban/withdraw/bank");
    // The money must be able to leave: with no saved recipient the form to add one opens.
    expect(await screen.findByLabelText("Account holder's name")).not.toBeNull();
  });

  it("confirms by SMS with the same key, then says the transfer is pending and what it waits for", async () => {
    const fake = installFakeIban({
      "GET /v2/iban/list": () => json(200, list()),
      "GET /v2/iban/recipients": () =>
        json(200, {
          recipients: [
            {
              id: RECIPIENT_ID,
              name: "Max Mustermann",
              iban: "DE89370400440532013000",
              bic: "COBADEFFXXX",
              createdAt: "2026-11-20T10:00:00.000Z",
            },
          ],
        }),
      "GET /v2/iban/0190f4d2-0000-7000-8000-000000000001/withdraw/data": () =>
        json(200, {
          ibanId: IBAN_ID,
          currency: "EUR",
          balance: "120.00",
          availableBalance: "120.00",
          fees: { fixFee: "1.00" },
          minAmount: "1.00",
          maxAmount: "10000.00",
          confirmation: "SMS",
        }),
      "POST /v2/iban/0190f4d2-0000-7000-8000-000000000001/withdraw": (request) =>
        request.headers.get("x-confirmation-code")
          ? json(200, {
              transferId: IBAN_ID,
              status: "PENDING",
              amount: "50.00",
              fee: "1.00",
              currency: "EUR",
              recipient: { name: "Max Mustermann", iban: "DE89370400440532013000" },
              createdAt: "2026-11-20T10:00:00.000Z",
            })
          : json(403, {
              error: "CONFIRMATION_REQUIRED",
              errorId: 12013,
              message: "Enter the code",
              data: { confirmationRequired: true },
              requestId: "r",
            }),
    });
    const user = userEvent.setup();
    renderApp("/iban/withdraw/bank");
    await screen.findByRole("radio", { name: /Max Mustermann/ });
    await user.type(screen.getByLabelText("Amount"), "50");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const sms = await screen.findByRole("dialog", { name: "SMS confirmation" });
    await user.click(within(sms).getByRole("textbox", { name: "Character 1 of 4" }));
    await user.keyboard("1234");
    await user.click(within(sms).getByRole("button", { name: "Confirm" }));
    const pending = await screen.findByRole("dialog", { name: "Transfer on its way" });
    expect(within(pending).getByText(/Waiting for the bank to execute the SEPA transfer/)).not.toBeNull();
    const posts = fake.find("POST", `/v2/iban/${IBAN_ID}/withdraw`);
    expect(posts).toHaveLength(2);
    const [first, second] = posts;
    expect(first?.headers.get("idempotency-key")).toBe(second?.headers.get("idempotency-key"));
    expect(second?.headers.get("x-confirmation-code")).toBe("1234");
    expect(await second?.json()).toEqual({ recipientId: RECIPIENT_ID, amount: "50.00" });
  });
});

describe("/iban exchange to IBAN (issue 31: the price shown is the price charged)", () => {
  const offerOf = (offerId: string, pay: string, get: string) => ({
    offerId,
    expirationDateTime: "2026-11-27T10:00:20.000Z",
    exchangeRate: "0.92",
    validSeconds: 20,
    sourceCurrencyAmount: { amount: pay, currencyCode: "BTC" },
    targetCurrencyAmount: { amount: get, currencyCode: "EUR" },
    fixedSide: "FROM",
    feeAmount: { amount: "0.00001000", currencyCode: "BTC" },
    feeInfo: [],
  });
  const FIRST = "0190f4d2-0000-7000-8000-0000000000a1";
  const SECOND = "0190f4d2-0000-7000-8000-0000000000a2";

  it("shows the offer with its countdown, executes that offer, and prices a refused one again before asking", async () => {
    const user = userEvent.setup();
    const offers = [offerOf(FIRST, "0.00100000", "55.10"), offerOf(SECOND, "0.00100000", "54.90")];
    const executed: string[] = [];
    const fake = installFakeIban({
      "GET /v2/iban/list": () => json(200, list()),
      "GET /v3/wallets": () => json(200, wallets()),
      [`GET /v2/iban/${IBAN_ID}/history`]: () => json(200, { items: [] }),
      [`POST /v2/iban/${IBAN_ID}/exchange/offer`]: () => json(200, offers.shift()),
      [`PUT /v2/iban/${IBAN_ID}/exchange/offer/${FIRST}`]: () => {
        executed.push(FIRST);
        return json(409, { error: "OFFER_EXPIRED", message: "This offer has expired.", field: "offerId" });
      },
      [`PUT /v2/iban/${IBAN_ID}/exchange/offer/${SECOND}`]: () => {
        executed.push(SECOND);
        return json(200, { ...offerOf(SECOND, "0.00100000", "54.90"), status: "SUCCESS" });
      },
    });
    renderApp("/iban");
    const form = (await screen.findByRole("heading", { name: "Exchange to IBAN" })).closest("section");
    if (!form) throw new Error("no exchange form");
    await user.type(await within(form).findByLabelText("Amount"), "0.001");
    await user.click(within(form).getByRole("button", { name: "Continue" }));
    expect((await within(form).findByTestId("iban-exchange-quote")).textContent).toContain("55.10");
    expect(within(form).getByRole("timer").textContent).toMatch(/^Price valid for 00:(1\d|20)$/);

    // The server refuses the shown offer: nothing moved, the new price is shown and asked again.
    await user.click(within(form).getByRole("button", { name: "Exchange" }));
    expect(await within(form).findByText(/The price has changed/)).not.toBeNull();
    expect((await within(form).findByTestId("iban-exchange-quote")).textContent).toContain("54.90");
    expect(executed).toEqual([FIRST]);
    await user.click(within(form).getByRole("button", { name: "Exchange" }));
    expect(await within(form).findByText(/Exchanged/)).not.toBeNull();
    expect(executed).toEqual([FIRST, SECOND]);
    expect(fake.find("POST", `/v2/iban/${IBAN_ID}/exchange/offer`)).toHaveLength(2);
  });
});
