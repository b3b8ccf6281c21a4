import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

// Issue 47: after the first paint, a list loads into rows of its own shape, not a spinner.
describe("/history while it loads", () => {
  it("holds the list's place with row-shaped placeholders, not a spinner", async () => {
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v2/history/operations": () => new Promise<Response>(() => undefined),
    });
    renderApp("/history");
    await screen.findByRole("heading", { name: "History", level: 1 });
    expect((await screen.findAllByTestId("row-skeleton")).length).toBe(5);
    expect(screen.getByRole("list", { name: "Loading" }).getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByRole("status", { name: "Loading" })).toBeNull();
  });
});
