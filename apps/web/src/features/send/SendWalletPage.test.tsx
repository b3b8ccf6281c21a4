import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { wallet, wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

const GOOD = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";
const BAD_CHECKSUM = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlx";
const FEE = {
  fee: "0.00003000",
  networkFee: "0.00002000",
  transactionFee: "0.00001000",
  fixFee: "0.00000000",
  sourceCurrency: "BTC",
  transactionType: "EXTERNAL",
  transactionAvailability: true,
};
const validation = (address: string) =>
  address === GOOD
    ? {
        possibleToExecute: true,
        blockedAmount: { value: "0.01003000", currency: "BTC" },
        transactionType: "EXTERNAL",
        fee: FEE,
      }
    : {
        possibleToExecute: false,
        blockedAmount: { value: "0.01003000", currency: "BTC" },
        transactionType: null,
        fee: null,
        reason: "ADDRESS_CHECKSUM_INVALID",
        message: "The address checksum is wrong.",
        field: "address",
      };

describe("/send/wallet", () => {
  it("checks the address as typed, shows fee and total, and a pending result for an outside address", async () => {
    const fake = installFakeAccounts({
      "GET /v3/wallets": () =>
        jsonResponse(200, wallets([wallet({ pattern: "^(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,62}$" })])),
      "POST /v1/wallet/send/validate": async (request) =>
        jsonResponse(200, validation(((await request.json()) as { address: string }).address)),
      "GET /v1/wallet/send/fee/BTC": () => jsonResponse(200, FEE),
      "POST /v1/wallet/send": () =>
        jsonResponse(200, {
          txId: "7f1c1a52-46a4-4d3a-9d7e-0a4c7c1d2e3f",
          sequenceId: "8f1c1a52-46a4-4d3a-9d7e-0a4c7c1d2e3f",
          fee: "0.00003000",
          internal: false,
          sendConfirmation: false,
          amount: "0.01000000",
          currency: "BTC",
          recipient: "bc1qxy…0wlh",
          status: "PENDING",
          createdAt: "2026-11-20T10:15:00.000Z",
        }),
    });
    const user = userEvent.setup();
    renderApp("/send/wallet");
    await user.type(await screen.findByLabelText("Amount"), "0.01");
    const field = screen.getByLabelText("Recipient's address");
    await user.type(field, "not an address");
    expect(await screen.findByText("This address is not valid for the network")).not.toBeNull();

    await user.clear(field);
    await user.type(field, BAD_CHECKSUM);
    expect(await screen.findByText("The address checksum is wrong.")).not.toBeNull();

    await user.clear(field);
    await user.type(field, GOOD);
    expect(await screen.findByText("The address is valid")).not.toBeNull();
    expect(await screen.findByText("0.01003000 BTC")).not.toBeNull();
    expect(fake.find("POST", "/v1/wallet/send/validate").length).toBeLessThanOrEqual(3);

    await user.click(screen.getByRole("button", { name: "Continue" }));
    const summary = within(await screen.findByRole("region", { name: "Confirm the send" }));
    expect(summary.getByText(GOOD)).not.toBeNull();
    await user.click(summary.getByRole("button", { name: "Send" }));
    const pending = within(await screen.findByRole("dialog", { name: "Pending" }));
    expect(pending.getByText("0.01000000 BTC")).not.toBeNull();
    expect(pending.getByText(/completes after the network confirms/)).not.toBeNull();
    const body = await fake.find("POST", "/v1/wallet/send")[0]?.json();
    expect(body).toEqual({ currency: "BTC", amount: "0.01000000", fee: "0.00003000", address: GOOD });
  });
});
