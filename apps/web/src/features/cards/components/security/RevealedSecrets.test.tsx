import { act, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../../test/render.tsx";
import type { RevealedCard } from "../../api/card-security-queries.ts";
import { REVEAL_SECONDS, RevealedSecrets } from "./RevealedSecrets.tsx";

const OPENED: RevealedCard = {
  number: "4000001234567899",
  cvv: "123",
  expiry: "11/30",
  cardholderName: "ADA LOVELACE",
};

/** The modal's part: it drops the secrets when told to hide them. */
function Harness({ details }: { details: boolean }) {
  const [secrets, setSecrets] = useState<RevealedCard | undefined>(OPENED);
  return (
    <RevealedSecrets
      secrets={secrets}
      details={details}
      masked={{ number: "•••• •••• •••• 7899", cardholderName: "ADA LOVELACE" }}
      onHide={() => setSecrets(undefined)}
    />
  );
}

describe("RevealedSecrets", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows number and CVV with copy buttons for 30 seconds, then the masks of spec §9", () => {
    renderWithProviders(<Harness details />);
    expect(screen.getByTestId("revealed-number").textContent).toBe("4000 0012 3456 7899");
    expect(screen.getByTestId("revealed-cvv").textContent).toBe("123");
    expect(screen.getByRole("button", { name: "Copy card number" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy CVV" })).toBeTruthy();
    expect(screen.getByText("Hidden again in 00:30")).toBeTruthy();

    act(() => vi.advanceTimersByTime((REVEAL_SECONDS - 1) * 1000));
    expect(screen.getByTestId("revealed-cvv").textContent).toBe("123");
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByTestId("revealed-number").textContent).toBe("•••• •••• •••• 7899");
    expect(screen.getByTestId("revealed-cvv").textContent).toBe("•••");
    expect(screen.queryByRole("button", { name: "Copy card number" })).toBeNull();
    expect(document.body.textContent).not.toContain("4000");
    expect(screen.getByText("Hidden again for your safety.")).toBeTruthy();
  });

  it("shows no CVV row for the number alone", () => {
    renderWithProviders(<Harness details={false} />);
    expect(screen.queryByTestId("revealed-cvv")).toBeNull();
  });
});
