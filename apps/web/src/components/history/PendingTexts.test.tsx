import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultWorld, installFakeConfigService } from "../../test/fake-config-service.ts";
import { historyOperation } from "../../test/fake-history.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { HistoryList } from "./HistoryList.tsx";
import { OperationDetailsModal } from "./OperationDetailsModal.tsx";

// The server's texts of a waiting operation (history/pending-texts.ts), shown as they come.
const pending = historyOperation({
  type: "IBAN_WITHDRAW",
  status: "PENDING",
  operationStatus: "PENDING",
  pendingReason: "Your SEPA transfer has been sent to the bank and is being executed.",
  nextStep: "It completes when the recipient's bank receives it.",
  expectedTime: "Usually within 1 business day.",
});

describe("a pending operation in the history", () => {
  beforeEach(() => {
    installFakeConfigService(defaultWorld());
  });

  it("says in its details why it waits, what happens next and how long", () => {
    renderWithProviders(<OperationDetailsModal operation={pending} onClose={() => {}} />);
    const dialog = within(screen.getByRole("dialog"));
    const value = (term: string) => dialog.getByText(term).nextElementSibling?.textContent;
    expect(value("Why it waits")).toBe(pending.pendingReason);
    expect(value("What happens next")).toBe(pending.nextStep);
    expect(value("How long")).toBe(pending.expectedTime);
  });

  it("says in the list why it waits and how long, and nothing of the kind once it is done", () => {
    const done = historyOperation({ operationId: "0193a9e0-0000-7000-8000-0000000000d0" });
    renderWithProviders(<HistoryList operations={[pending, done]} onOpen={() => {}} />);
    const [first, second] = screen.getAllByRole("listitem");
    expect(first?.textContent).toContain(`${pending.pendingReason} ${pending.expectedTime}`);
    expect(second?.textContent).not.toContain("Usually");
    renderWithProviders(<OperationDetailsModal operation={done} onClose={() => {}} />);
    expect(within(screen.getByRole("dialog")).queryByText("Why it waits")).toBeNull();
  });
});
