import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

const savedCard = {
  cardId: "0190f4d2-0000-7000-8000-000000000001",
  cardType: "VISA",
  maskedPan: "424242******4242",
  cardHolder: "Jane Doe",
  expirationMonth: 12,
  expirationYear: 2030,
  cardBankName: "Test Bank",
  cardCountryCode: "DE",
  validationStatus: "APPROVED",
  billingAddressRequired: false,
};

describe("/top-up/card", () => {
  it("names a saved card by the spec §9 medium mask, not the acquirer's stars", async () => {
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v3/payin/data": () =>
        jsonResponse(200, {
          cards: [savedCard],
          pairs: [],
          fees: null,
          limit: { value: "1000.00", currency: "EUR" },
          validSeconds: 20,
          validTo: "2030-01-01T00:00:00Z",
          billingAddressRequired: false,
          firstPurchase: false,
          firstPurchaseLimit: null,
          partnerNote: "",
        }),
    });
    renderApp("/top-up/card");
    expect(await screen.findByRole("option", { name: "VISA 4242 •••• 4242" })).not.toBeNull();
    expect(screen.queryByText(/\*{6}/)).toBeNull();
  });
});
