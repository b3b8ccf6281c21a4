import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { historyOperation } from "../../test/fake-history.ts";
import { wallet, wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

describe("home", () => {
  it("shows the total in the customer's currency and each wallet with its fiat value", async () => {
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v2/history/operations": () =>
        jsonResponse(200, {
          operations: [historyOperation()],
          offset: 0,
          size: 20,
          total: 1,
          snapshotAt: "x",
        }),
    });
    renderApp("/");
    expect(await screen.findByText("€1,130.00")).not.toBeNull();
    const list = within(screen.getByRole("region", { name: "Wallets" }));
    expect(list.getByText("0.01500000 BTC")).not.toBeNull();
    expect(list.getByText("€900.00")).not.toBeNull();
    expect(list.getByText("250.00 USDT")).not.toBeNull();
    expect(screen.queryByText("Your wallets are empty")).toBeNull();
    expect(screen.getByRole("button", { name: "Send" })).not.toBeNull();
    const recent = within(await screen.findByRole("region", { name: "Recent operations" }));
    expect(recent.getByText("−12.50 USDT")).not.toBeNull();
    expect(recent.getByRole("link", { name: "All history" }).getAttribute("href")).toBe("/history");
  });

  it("with empty wallets, leads to a first deposit", async () => {
    const empty = wallet({ balance: "0.00000000", availableBalance: "0.00000000" });
    installFakeAccounts({ "GET /v3/wallets": () => jsonResponse(200, wallets([empty], "0.00")) });
    const { router } = renderApp("/");
    expect(await screen.findByText("Your wallets are empty")).not.toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Make a first deposit" }));
    const dialog = within(await screen.findByRole("dialog"));
    await user.click(dialog.getByRole("button", { name: /Via other crypto wallets/ }));
    expect(router.state.location.pathname).toBe("/top-up/receive");
  });
});
