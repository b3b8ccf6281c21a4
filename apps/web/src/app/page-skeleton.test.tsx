import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeAccounts, jsonResponse } from "../test/fake-accounts.ts";
import { wallets } from "../test/fake-wallets.ts";
import { renderApp } from "../test/render.tsx";

// Issue 47: while a screen's code loads, a card of a page's shape holds its place, not a spinner.
describe("a screen loading its code", () => {
  it("shows a page-shaped skeleton, then the screen in its place", async () => {
    installFakeAccounts({ "GET /v3/wallets": () => jsonResponse(200, wallets()) });
    renderApp("/limits");
    expect(await screen.findByTestId("page-skeleton")).not.toBeNull();
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByTestId("page-skeleton")).toBeNull();
  });
});
