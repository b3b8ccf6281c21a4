import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultWorld, installFakeConfigService } from "../../test/fake-config-service.ts";
import { historyOperation } from "../../test/fake-history.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { HistoryList } from "./HistoryList.tsx";

const claim = (status: "HELD" | "RETURNED" | "CANCELLED") => ({
  id: "7f1c1a52-46a4-4d3a-9d7e-0a4c7c1d2e3f",
  status,
  expiresAt: "2026-11-27T10:15:00.000Z",
  updatedAt: "2026-11-27T10:15:00.000Z",
});
const sendToPhone = (status: "PENDING" | "FAILED", claimStatus: "HELD" | "RETURNED" | "CANCELLED") =>
  historyOperation({
    amount: "5.00",
    status,
    operationStatus: status,
    sendToPhoneModel: {
      fromAddress: null,
      fromPhone: "+44•••01",
      toPhone: "+49 *** 78",
      amount: { value: "5.00", currency: "USDT" },
      claim: claim(claimStatus),
    },
  });

/** The amount's element of the only row, and what a screen reader reads of it. */
function amountOf() {
  const amount = within(screen.getByRole("button")).getByText(/5\.00/, { selector: "strong" });
  return { amount, spoken: amount.textContent };
}

// A send that came back (or any failed operation) moved nothing: the list must not read "−5.00 USDT".
describe("a history row whose money did not move", () => {
  beforeEach(() => {
    installFakeConfigService(defaultWorld());
  });

  it.each([
    ["RETURNED", "Returned"],
    ["CANCELLED", "Cancelled"],
  ] as const)("strikes a %s send's amount and says it came back", (status, word) => {
    renderWithProviders(<HistoryList operations={[sendToPhone("FAILED", status)]} onOpen={() => {}} />);
    const { amount, spoken } = amountOf();
    expect(amount.className).toContain("k-history__struck");
    expect(spoken).toMatch(/5\.00.*returned to you$/);
    expect(within(screen.getByRole("button")).getByText(word)).toBeTruthy();
  });

  it("strikes any failed operation's amount, and leaves a waiting one as it is", () => {
    const { unmount } = renderWithProviders(
      <HistoryList
        operations={[historyOperation({ amount: "5.00", status: "FAILED", operationStatus: "FAILED" })]}
        onOpen={() => {}}
      />,
    );
    expect(amountOf().amount.className).toContain("k-history__struck");
    expect(amountOf().spoken).toMatch(/did not go through$/);
    unmount();
    renderWithProviders(<HistoryList operations={[sendToPhone("PENDING", "HELD")]} onOpen={() => {}} />);
    expect(amountOf().amount.className).not.toContain("k-history__struck");
    expect(amountOf().spoken).not.toMatch(/returned|did not/);
  });
});
