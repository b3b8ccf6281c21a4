import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

// Issue 47: home shows where the wallets will be while they load, and each wallet's icon.

describe("home's look", () => {
  it("holds the wallets' place with rows of their shape while they load, not a spinner", async () => {
    installFakeAccounts({ "GET /v3/wallets": () => new Promise<Response>(() => undefined) });
    renderApp("/");
    await screen.findByRole("heading", { name: "Home", level: 1 });
    expect((await screen.findAllByTestId("wallet-skeleton")).length).toBe(3);
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
  });

  it("draws each wallet with its currency's icon from the bundled set", async () => {
    installFakeAccounts({ "GET /v3/wallets": () => jsonResponse(200, wallets()) });
    const { container } = renderApp("/");
    expect(await screen.findByText("0.01500000 BTC")).not.toBeNull();
    const icons = [...container.querySelectorAll<HTMLImageElement>(".k-wallets .k-asset-icon img")];
    expect(icons.map((icon) => icon.getAttribute("src"))).toEqual([
      expect.stringMatching(/icons\/currencies\/BTC\.svg/),
      expect.stringMatching(/icons\/currencies\/USDT\.svg/),
    ]);
  });
});
