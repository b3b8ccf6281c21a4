import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

const exchange = (state: string, since: string | null) => ({
  feature: "EXCHANGE",
  name: "Exchange",
  state,
  since,
  message: since ? "Paused for maintenance." : null,
});

describe("home's status strip", () => {
  it("names each affected feature and since when, and leads to /status", async () => {
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v2/status": () =>
        jsonResponse(200, { components: [exchange("MAINTENANCE", "2026-11-27T08:12:00.000Z")] }),
    });
    renderApp("/");
    const strip = within(await screen.findByRole("region", { name: "Some features are affected" }));
    expect(strip.getByText(/^Exchange: maintenance since 27 November 2026, \d\d:\d\d$/)).not.toBeNull();
    expect(strip.getByRole("link", { name: "See the status page" }).getAttribute("href")).toBe("/status");
  });

  it("names features in words, never by code; an unavailable one has no since (issue 46)", async () => {
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v2/status": () =>
        jsonResponse(200, {
          components: [
            {
              feature: "CARD_ISSUE_CP_1",
              name: "Card issue (CP_1)",
              state: "MAINTENANCE",
              since: "2026-11-27T08:12:00.000Z",
              message: "Paused for maintenance.",
            },
            {
              feature: "IBAN",
              name: "IBAN accounts",
              state: "UNAVAILABLE",
              since: null,
              message: "Not here yet.",
            },
          ],
        }),
    });
    renderApp("/");
    const strip = await screen.findByRole("region", { name: "Some features are affected" });
    expect(within(strip).getByText(/^Issuing new cards: maintenance since 27 November 2026/)).not.toBeNull();
    expect(within(strip).getByText("IBAN accounts: not available")).not.toBeNull();
    expect(strip.textContent).not.toMatch(/CP_1|CARD_ISSUE/);
  });

  it("is not there while everything works", async () => {
    let served = false;
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v2/status": () => {
        served = true;
        return jsonResponse(200, { components: [exchange("OPERATIONAL", null)] });
      },
    });
    renderApp("/");
    expect(await screen.findByText("€1,130.00")).not.toBeNull();
    await waitFor(() => expect(served).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("region", { name: "Some features are affected" })).toBeNull();
  });
});
