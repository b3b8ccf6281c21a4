import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultWorld, installFakeConfigService } from "../../test/fake-config-service.ts";
import { historyOperation } from "../../test/fake-history.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { HistoryList } from "./HistoryList.tsx";
import { OperationDetailsModal } from "./OperationDetailsModal.tsx";

// An operator's adjustment reads as one with its reason, in the list and in its details.
const adjustment = historyOperation({
  type: "ADJUSTMENT",
  direction: "IN",
  amount: "10.00",
  currency: "EUR",
  counterparty: null,
  adjustmentModel: {
    amount: { value: "10.00", currency: "EUR" },
    description: "Refund of a duplicate card fee",
  },
});

describe("an adjustment in the history", () => {
  beforeEach(() => {
    installFakeConfigService(defaultWorld());
  });

  it("is listed as a balance adjustment with the reason the customer was given", () => {
    renderWithProviders(<HistoryList operations={[adjustment]} onOpen={() => {}} />);
    const row = screen.getByRole("button");
    expect(within(row).getByText("Balance adjustment")).toBeTruthy();
    expect(within(row).getByText(/Refund of a duplicate card fee/)).toBeTruthy();
  });

  it("shows the reason in its details", () => {
    renderWithProviders(<OperationDetailsModal operation={adjustment} onClose={() => {}} />);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Balance adjustment" })).toBeTruthy();
    const reason = within(dialog).getByText("Reason");
    expect(reason.nextElementSibling?.textContent).toBe("Refund of a duplicate card fee");
  });
});
