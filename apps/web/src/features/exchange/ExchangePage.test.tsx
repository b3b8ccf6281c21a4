import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse as json, errorResponse as refusal } from "../../test/fake-accounts.ts";
import { USDT, wallet, wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";
import type { OfferRequest, OfferUpdateRequest } from "./api/exchange-calls.ts";
import {
  EUR_USDT,
  execution,
  installFakeExchange,
  offerFor,
  USDT_EUR,
  WALLETS,
} from "./testing/fake-exchange.ts";

const OFFER = "/v1/mobile/exchange/offer";
const idOf = (n: number) => `0190f4d2-0000-7000-8000-${String(n).padStart(12, "0")}`;

/** A fake server that creates offers 1, 2, 3... and renews by update at a new rate. */
function offerServer(over: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  let next = 1;
  return installFakeExchange({
    [`POST ${OFFER}`]: async (r) => json(200, offerFor((await r.json()) as OfferRequest, idOf(next++))),
    [`PUT ${OFFER}`]: async (r) => {
      const body = (await r.json()) as OfferUpdateRequest;
      return json(200, offerFor(body, body.offerId, "0.91"));
    },
    ...over,
  });
}

async function startTyping() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderApp("/exchange");
  return {
    user,
    pay: await screen.findByLabelText("You pay"),
    receive: screen.getByLabelText("You receive"),
  };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("/exchange", () => {
  it("prices the typed amount and shows the rate, the fees to 2 places, what arrives and a ticking countdown", async () => {
    const fake = offerServer();
    const { user, pay, receive } = await startTyping();
    await user.type(pay, "100");
    await wait(400);

    expect(await screen.findByText("1 USDT = 0.9 EUR")).not.toBeNull();
    expect(screen.getByText("0.50%")).not.toBeNull();
    expect(screen.getByText("0.00%")).not.toBeNull();
    expect(screen.getByText("€89.25")).not.toBeNull();
    expect((receive as HTMLInputElement).value).toBe("89.25");
    expect(screen.getByRole("timer").textContent).toBe("The rate is valid for 00:20");
    await wait(1000);
    expect(screen.getByRole("timer").textContent).toBe("The rate is valid for 00:19");
    // One call for the whole typed amount, the amount as a wire decimal of USDT.
    expect(await fake.bodies("POST", OFFER)).toEqual([
      { currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "100.000000" },
    ]);
  });

  it("renews a lapsed offer by an update, and re-creates it when the update says it is gone", async () => {
    let updates = 0;
    let created = 0;
    const fake = installFakeExchange({
      [`POST ${OFFER}`]: async (r) => json(200, offerFor((await r.json()) as OfferRequest, idOf(++created))),
      [`PUT ${OFFER}`]: async (r) => {
        const body = (await r.json()) as OfferUpdateRequest;
        if (++updates === 2) return refusal(409, "OFFER_EXPIRED", "This offer has expired.");
        const renewed = offerFor(body, body.offerId, "0.91");
        return json(200, { ...renewed, targetCurrencyAmount: { amount: "90.24", currencyCode: "EUR" } });
      },
    });
    const { user, pay, receive } = await startTyping();
    await user.type(pay, "100");
    await wait(400);
    await screen.findByText("1 USDT = 0.9 EUR");
    expect(screen.queryByTestId("price-changed")).toBeNull();
    const before = (receive as HTMLInputElement).value;

    await wait(20_000);
    expect(await screen.findByText("1 USDT = 0.91 EUR")).not.toBeNull();
    // The renewal moved what arrives: the screen says so and marks the new figure.
    expect([before, (receive as HTMLInputElement).value]).toEqual(["89.25", "90.24"]);
    expect(screen.getByTestId("price-changed").textContent).toBe(
      "The price has changed: now €90.24 (was €89.25).",
    );
    expect(receive.hasAttribute("data-price-changed")).toBe(true);
    expect(screen.getByRole("timer").textContent).toBe("The rate is valid for 00:20");
    expect(await fake.bodies("PUT", OFFER)).toEqual([
      { offerId: idOf(1), currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "100.000000" },
    ]);

    await wait(20_000);
    await wait(0);
    expect(fake.find("POST", OFFER)).toHaveLength(2);
    expect(screen.getByText("1 USDT = 0.9 EUR")).not.toBeNull();
    expect(screen.getByRole("timer").textContent).toBe("The rate is valid for 00:20");
  });

  it("fixes the amount to receive when the customer types it, and shows what they pay", async () => {
    const fake = offerServer();
    const { user, pay, receive } = await startTyping();
    await user.type(receive, "89.25");
    await wait(400);
    await screen.findByText("1 USDT = 0.9 EUR");
    // In USDT's display decimals, as the figures under the fields show it (not "100").
    expect((pay as HTMLInputElement).value).toBe("100.00");
    expect(await fake.bodies("POST", OFFER)).toEqual([
      { currencyFrom: "USDT", currencyTo: "EUR", amountTo: "89.25" },
    ]);
  });

  it("refuses more decimals than the currency holds", async () => {
    offerServer();
    const { user, receive } = await startTyping();
    await user.type(receive, "1.234");
    expect((receive as HTMLInputElement).value).toBe("1.23");
  });

  it("shows a refusal under the field it names", async () => {
    installFakeExchange({
      [`POST ${OFFER}`]: () =>
        refusal(
          422,
          "AMOUNT_TOO_SMALL",
          "amountTo: the amount is below the minimum for this pair.",
          "amountTo",
        ),
    });
    const { user, receive } = await startTyping();
    await user.type(receive, "0.01");
    await wait(400);
    const message = await screen.findByText("The amount is below the minimum for this pair.");
    expect(receive.getAttribute("aria-describedby")).toBe(message.id);
    expect(screen.getByRole("button", { name: "Continue" }).hasAttribute("disabled")).toBe(true);
  });

  it("confirms, executes the offer once by its id and shows the receipt", async () => {
    const fake = offerServer({
      [`PUT ${OFFER}/${idOf(1)}`]: () =>
        json(
          200,
          execution(offerFor({ currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "100.000000" }, idOf(1))),
        ),
    });
    const { user, pay } = await startTyping();
    await user.type(pay, "100");
    await wait(400);
    await screen.findByText("1 USDT = 0.9 EUR");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const summary = within(await screen.findByRole("region", { name: "Confirm the exchange" }));
    expect(summary.getByText("100.00 USDT")).not.toBeNull();
    expect(summary.getByRole("timer")).not.toBeNull();
    await user.click(summary.getByRole("button", { name: "Exchange" }));

    const receipt = within(await screen.findByRole("dialog", { name: "Exchange completed" }));
    expect(receipt.getByText(/20 November 2026/)).not.toBeNull();
    expect(receipt.getAllByText("€89.25").length).toBeGreaterThan(0);
    expect(receipt.getByText("100.00 USDT")).not.toBeNull();
    expect(receipt.getByText("1 USDT = 0.9 EUR")).not.toBeNull();
    expect(receipt.getByText("0.50%")).not.toBeNull();
    expect(receipt.getByText("0.82 USDT")).not.toBeNull();
    const executed = fake.find("PUT", `${OFFER}/${idOf(1)}`);
    expect(executed).toHaveLength(1);
    expect(executed[0]?.headers.get("idempotency-key")).toBe(idOf(1));
  });

  it.each([
    ["OFFER_EXPIRED", "This offer has expired. Please check the new rate and confirm again."],
    ["OFFER_CHANGED", "The price changed just now. Please check the new price and confirm again."],
  ])("asks a new offer when the server refuses the confirmed one %s, and says why", async (code, text) => {
    const fake = offerServer({
      [`PUT ${OFFER}/${idOf(1)}`]: () => refusal(409, code, text),
    });
    const { user, pay } = await startTyping();
    await user.type(pay, "100");
    await wait(400);
    await screen.findByText("1 USDT = 0.9 EUR");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(await screen.findByRole("button", { name: "Exchange" }));

    expect((await screen.findByRole("alert")).textContent).toContain(text);
    expect(await screen.findByText("1 USDT = 0.91 EUR")).not.toBeNull();
    expect(await fake.bodies("PUT", OFFER)).toEqual([
      { offerId: idOf(1), currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "100.000000" },
    ]);
    expect(screen.getByRole("region", { name: "Confirm the exchange" })).not.toBeNull();
  });

  it("finds a wallet by code or name, case-insensitively (spec §5)", async () => {
    installFakeExchange({});
    const user = userEvent.setup();
    renderApp("/exchange");
    await user.click(await screen.findByRole("button", { name: /^From USDT\b/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Choose a wallet" }));
    await user.type(dialog.getByLabelText("Search"), "teth");
    expect(dialog.getByRole("button", { name: /USDT/ })).not.toBeNull();
    await user.clear(dialog.getByLabelText("Search"));
    await user.type(dialog.getByLabelText("Search"), "xyz");
    expect(dialog.getByText("Nothing matches your search.")).not.toBeNull();
  });

  it("says so when no wallet can be exchanged", async () => {
    installFakeExchange({ "GET /v2/exchange/currencies": () => json(200, { pairs: [] }) });
    renderApp("/exchange");
    expect(await screen.findByText("Exchange is not available for your wallets yet.")).not.toBeNull();
  });

  it("shows every amount by the display rule (spec §5): the confirm, the fees, a finer balance", async () => {
    const eth = (body: OfferRequest, id: string) => ({
      ...offerFor(body, id),
      targetCurrencyAmount: { amount: "0.207446587892598097", currencyCode: "ETH" },
      feeAmount: { amount: "0.050615", currencyCode: "USDT" },
    });
    installFakeExchange({
      "GET /v3/wallets": () =>
        json(
          200,
          wallets([wallet({ ...USDT, availableBalance: "994.673715", allowOperations: ["EXCHANGE"] })]),
        ),
      "GET /v2/exchange/currencies": () =>
        json(200, { pairs: [{ ...USDT_EUR, currencyTo: "ETH", amountScaleTo: 18 }] }),
      [`POST ${OFFER}`]: async (r) => json(200, eth((await r.json()) as OfferRequest, idOf(1))),
    });
    const { user, pay } = await startTyping();
    expect(await screen.findByText(/Available 994\.67 USDT/)).not.toBeNull();
    await user.type(pay, "100");
    await wait(400);
    expect(await screen.findByText("0.05 USDT")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const summary = within(await screen.findByRole("region", { name: "Confirm the exchange" }));
    expect(summary.getByText("0.20744658 ETH")).not.toBeNull();
    expect(summary.getByText("100.00 USDT")).not.toBeNull();
    expect(summary.queryByText(/0\.2074465878/)).toBeNull();
  });

  it("swaps the pair, keeping the typed amount with its currency", async () => {
    const fake = offerServer({
      "GET /v2/exchange/currencies": () => json(200, { pairs: [USDT_EUR, EUR_USDT] }),
    });
    const { user, pay, receive } = await startTyping();
    await user.type(pay, "100");
    await wait(400);
    await screen.findByText("1 USDT = 0.9 EUR");
    await user.click(screen.getByRole("button", { name: "Swap the currencies" }));
    await wait(400);
    expect(screen.getByRole("button", { name: /^From EUR\b/ })).not.toBeNull();
    expect((receive as HTMLInputElement).value).toBe("100");
    const bodies = await fake.bodies("PUT", OFFER);
    expect(bodies.at(-1)).toMatchObject({ currencyFrom: "EUR", currencyTo: "USDT", amountTo: "100.000000" });
  });

  it("cannot swap when the reverse pair is not offered", async () => {
    offerServer();
    await startTyping();
    const swap = screen.getByRole("button", { name: "Swap the currencies" });
    expect(swap.hasAttribute("disabled")).toBe(true);
  });

  it("fills Max with the balance rounded down to the shown decimals, and prices it", async () => {
    const fake = offerServer({
      "GET /v3/wallets": () =>
        json(
          200,
          wallets([
            wallet({ ...USDT, availableBalance: "994.673715", allowOperations: ["EXCHANGE"] }),
            ...WALLETS.wallets.slice(1),
          ]),
        ),
      "GET /v2/exchange/currencies": () =>
        json(200, { pairs: [{ ...USDT_EUR, allAmountFrom: "994.673715" }] }),
    });
    const { user, pay } = await startTyping();
    await user.click(await screen.findByRole("button", { name: "Max" }));
    expect((pay as HTMLInputElement).value).toBe("994.67");
    await wait(400);
    expect(await fake.bodies("POST", OFFER)).toEqual([
      { currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "994.670000" },
    ]);
  });

  it("says the balance is too low, not that the pair's maximum is passed, when the balance is the limit", async () => {
    installFakeExchange({
      [`POST ${OFFER}`]: () =>
        refusal(422, "AMOUNT_TOO_LARGE", "The amount is above the maximum for this pair.", "amountFrom"),
    });
    const { user, pay } = await startTyping();
    await user.type(pay, "20000");
    await wait(400);
    expect(await screen.findByText("There is not enough money in your wallet.")).not.toBeNull();
    expect(screen.queryByText("The amount is above the maximum for this pair.")).toBeNull();
    expect(screen.getByRole("button", { name: "Continue" }).hasAttribute("disabled")).toBe(true);
  });
});
