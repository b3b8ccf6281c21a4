import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorResponse, installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { renderApp } from "../../test/render.tsx";
import type { KycLimits, OperationLimits } from "./api/limits-queries.ts";

const money = (value: string) => ({ value, currency: "EUR" });
const level = (kycLevel: "KYC_0" | "KYC_2", perTransaction: string, daily: string, monthly: string) => ({
  kycLevel,
  perTransaction,
  daily,
  monthly,
});
const LEVELS = [level("KYC_0", "0.00", "0.00", "0.00"), level("KYC_2", "5000.00", "15000.00", "50000.00")];

function operation(over: Partial<OperationLimits> = {}): OperationLimits {
  return {
    operationType: "TRANSFER_MOBILE",
    name: "Send by phone number",
    limits: { perTransaction: "1000.00", daily: "5000.00", monthly: "20000.00" },
    used: { daily: "1250.50", monthly: "3000.00" },
    remaining: { daily: "3749.50", monthly: "17000.00", now: "1000.00" },
    levels: LEVELS,
    ...over,
  };
}

function limits(over: Partial<KycLimits> = {}): KycLimits {
  return {
    currency: "EUR",
    kycLevel: "KYC_2",
    kyc0Limit: money("2500.00"),
    kyc2Limit: money("100000.00"),
    operations: [operation()],
    ...over,
  };
}

const card = async (name: string) => within(await screen.findByRole("article", { name }));

describe("/limits", () => {
  it("shows per operation what remains and what is used; at KYC_2 limits can still be increased", async () => {
    installFakeAccounts({ "GET /v1/kyc/limits": () => jsonResponse(200, limits()) });
    renderApp("/limits");
    const send = await card("Send by phone number");
    expect(screen.getByText("What you can still use at the Verified level. Amounts in EUR.")).not.toBeNull();
    expect(send.getByText("Up to €1,000.00")).not.toBeNull();
    expect(send.getByText("€3,749.50 left")).not.toBeNull();
    expect(send.getByText("€1,250.50 used of €5,000.00")).not.toBeNull();
    expect(send.getByText("€17,000.00 left")).not.toBeNull();
    expect(send.getByText("€3,000.00 used of €20,000.00")).not.toBeNull();
    // KYC_2 is the top level (spec §3): no level to unlock, but a limit increase to ask for.
    expect(send.queryByText(/unlocks/)).toBeNull();
    expect(screen.getByRole("link", { name: "Increase limits" }).getAttribute("href")).toBe("/verification");
  });

  it("shows operations with the same figures once, under all their names", async () => {
    const wallet = operation({ operationType: "PAYOUT_CRYPTO", name: "Send to a wallet" });
    const card = operation({
      operationType: "PAYOUT_CARD",
      name: "Withdraw to a card",
      used: { daily: "0.00", monthly: "0.00" },
      remaining: { daily: "5000.00", monthly: "20000.00", now: "1000.00" },
    });
    installFakeAccounts({
      "GET /v1/kyc/limits": () => jsonResponse(200, limits({ operations: [operation(), card, wallet] })),
    });
    renderApp("/limits");
    const shared = await screen.findByRole("article", { name: "Send by phone number, Send to a wallet" });
    expect(
      within(shared)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Send by phone number", "Send to a wallet"]);
    const own = screen.getByRole("article", { name: "Withdraw to a card" });
    expect(within(own).getByText("€5,000.00 left")).not.toBeNull();
    expect(screen.getAllByRole("article")).toHaveLength(2);
  });

  it("says when KYC_0 moves no money for an operation, and what KYC_2 allows", async () => {
    const none = { perTransaction: "0.00", daily: "0.00", monthly: "0.00" };
    installFakeAccounts({
      "GET /v1/kyc/limits": () =>
        jsonResponse(
          200,
          limits({
            kycLevel: "KYC_0",
            operations: [
              operation({
                limits: none,
                used: { daily: "0.00", monthly: "0.00" },
                remaining: { ...none, now: "0.00" },
              }),
            ],
          }),
        ),
    });
    renderApp("/limits");
    const send = await card("Send by phone number");
    expect(send.getByText("Not available at your level.")).not.toBeNull();
    expect(send.getByText("The Verified level unlocks")).not.toBeNull();
    expect(
      send.getByText("€5,000.00 per transaction, €15,000.00 per 24 hours, €50,000.00 per 30 days"),
    ).not.toBeNull();
    expect(screen.getByRole("link", { name: "Increase limits" }).getAttribute("href")).toBe("/verification");
  });

  it("an empty list says so", async () => {
    installFakeAccounts({ "GET /v1/kyc/limits": () => jsonResponse(200, limits({ operations: [] })) });
    renderApp("/limits");
    expect(await screen.findByText("There are no limits to show yet.")).not.toBeNull();
  });

  it("loading, then an error with the server's message and a retry that works", async () => {
    let fail = true;
    const fake = installFakeAccounts({
      "GET /v1/kyc/limits": () =>
        fail ? errorResponse(503, "UNAVAILABLE", "Limits are resting.") : jsonResponse(200, limits()),
    });
    renderApp("/limits");
    // Rows of a limit card's shape hold the place while the limits load (issue 47), not a spinner.
    expect(await screen.findAllByTestId("row-skeleton")).toHaveLength(3);
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("We couldn't load your limits.")).not.toBeNull();
    expect(within(alert).getByText("Limits are resting.")).not.toBeNull();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await card("Send by phone number")).not.toBeNull();
    expect(fake.find("GET", "/v1/kyc/limits")).toHaveLength(2);
  });
});
