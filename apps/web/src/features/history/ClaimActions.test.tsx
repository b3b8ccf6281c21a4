import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { historyOperation } from "../../test/fake-history.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

const ID = "7f1c1a52-46a4-4d3a-9d7e-0a4c7c1d2e3f";
const claim = (status: "HELD" | "CANCELLED") => ({
  id: ID,
  status,
  expiresAt: "2026-11-27T10:15:00.000Z",
  updatedAt: "2026-11-20T10:15:00.000Z",
});
const model = (status: "HELD" | "CANCELLED") => ({
  fromAddress: null,
  fromPhone: "+44•••01",
  toPhone: "+49 *** 78",
  amount: { value: "12.50", currency: "USDT" },
  claim: claim(status),
});

// The server's texts of a send waiting for its recipient (history/pending-texts.ts).
const WAITING = {
  pendingReason: "The phone number does not belong to a customer yet: the money is held for its owner.",
  nextStep: "It reaches them once they sign up with this number.",
  expectedTime: "Up to 7 days",
};

describe("a send waiting for its recipient to join, in history", () => {
  it("says so, asks before Cancel send, and then shows the server's cancelled send throughout", async () => {
    let cancelled = false;
    const fake = installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v2/history/operations": () =>
        jsonResponse(200, {
          operations: [
            cancelled
              ? historyOperation({ status: "FAILED", sendToPhoneModel: model("CANCELLED") })
              : historyOperation({ status: "PENDING", ...WAITING, sendToPhoneModel: model("HELD") }),
          ],
          offset: 0,
          size: 20,
          total: 1,
          snapshotAt: "2026-11-20T12:00:00.000Z",
        }),
      [`POST /v2/claimable-transfers/${ID}/cancel`]: () => {
        cancelled = true;
        return jsonResponse(200, {
          ...claim("CANCELLED"),
          phone: "+49 *** 78",
          amount: "12.50",
          currency: "USDT",
        });
      },
    });
    const user = userEvent.setup();
    renderApp("/history");
    const row = await screen.findByRole("button", { name: /Waiting for them to join/ });
    expect(within(row).getByText("Waiting")).not.toBeNull();
    await user.click(row);
    const details = within(await screen.findByRole("dialog", { name: "Waiting for them to join" }));
    // Its part of the details loads when they open (on use, HistoryPage.tsx).
    expect(
      await details.findByText(
        "Waiting for +49 *** 78 to join. If they don't join by 27 November 2026, the money comes back to you.",
      ),
    ).not.toBeNull();
    expect(details.getByText(WAITING.expectedTime)).not.toBeNull();

    // Cancelling asks first; keeping it changes nothing.
    await user.click(details.getByRole("button", { name: "Cancel send" }));
    const ask = within(await screen.findByRole("dialog", { name: "Cancel this send?" }));
    expect(
      ask.getByText(
        "The 12.50 USDT waiting for +49 *** 78 comes back to your wallet now, and they can no longer receive it.",
      ),
    ).not.toBeNull();
    await user.click(ask.getByRole("button", { name: "Keep waiting" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Cancel this send?" })).toBeNull());
    expect(fake.find("POST", `/v2/claimable-transfers/${ID}/cancel`)).toHaveLength(0);

    await user.click(details.getByRole("button", { name: "Cancel send" }));
    const again = within(await screen.findByRole("dialog", { name: "Cancel this send?" }));
    await user.click(again.getByRole("button", { name: "Yes, cancel the send" }));
    const after = within(await screen.findByRole("dialog", { name: "Send cancelled" }));
    expect(await after.findByText("You cancelled this send: the money came back to you.")).not.toBeNull();
    // Its status is the claim's word, not the history's FAILED: nothing went wrong with the money.
    expect(after.getByText("Cancelled")).not.toBeNull();
    expect(after.queryByText("Failed")).toBeNull();
    // Nothing of the waiting send is left beside it.
    for (const text of Object.values(WAITING)) expect(after.queryByText(text)).toBeNull();
    expect(after.queryByText("Why it waits")).toBeNull();
    expect(after.queryByRole("button", { name: "Cancel send" })).toBeNull();
    expect(fake.find("POST", `/v2/claimable-transfers/${ID}/cancel`)).toHaveLength(1);
  });
});
