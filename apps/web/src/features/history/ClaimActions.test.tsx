import { screen, within } from "@testing-library/react";
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

describe("a send waiting for its recipient to join, in history", () => {
  it("says so, offers Cancel send while held, and shows the cancelled state after", async () => {
    const fake = installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v2/history/operations": () =>
        jsonResponse(200, {
          operations: [historyOperation({ status: "PENDING", sendToPhoneModel: model("HELD") })],
          offset: 0,
          size: 20,
          total: 1,
          snapshotAt: "2026-11-20T12:00:00.000Z",
        }),
      [`POST /v2/claimable-transfers/${ID}/cancel`]: () =>
        jsonResponse(200, { ...claim("CANCELLED"), phone: "+49 *** 78", amount: "12.50", currency: "USDT" }),
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
    await user.click(details.getByRole("button", { name: "Cancel send" }));
    const after = within(await screen.findByRole("dialog", { name: "Send cancelled" }));
    expect(after.getByText("You cancelled this send: the money came back to you.")).not.toBeNull();
    // Its status is the claim's word, not the history's FAILED: nothing went wrong with the money.
    expect(after.getByText("Cancelled")).not.toBeNull();
    expect(after.queryByText("Failed")).toBeNull();
    expect(after.queryByRole("button", { name: "Cancel send" })).toBeNull();
    expect(fake.find("POST", `/v2/claimable-transfers/${ID}/cancel`)).toHaveLength(1);
  });
});
