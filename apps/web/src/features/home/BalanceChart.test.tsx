import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

const HISTORY = "GET /v2/wallets/balance-history";
const days = (totals: string[]) => ({
  currency: "EUR",
  valuedAt: "2026-12-07T12:00:00.000Z",
  days: totals.map((total, i) => ({ date: `2026-11-${String(8 + i).padStart(2, "0")}`, total })),
});

describe("home's 30 days chart", () => {
  it("draws the total of each day, says its change and asks for 30 days", async () => {
    const fake = installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      [HISTORY]: () => jsonResponse(200, days(["1000.00", "1050.00", "900.00", "1130.00"])),
    });
    renderApp("/");
    const chart = await screen.findByRole("img", {
      name: "Total balance over the last 30 days: up 13.0%, now €1,130.00",
    });
    expect(await screen.findByTestId("chart-line")).not.toBeNull();
    expect(chart.style.height).toBe("64px");
    expect(fake.find("GET", "/v2/wallets/balance-history")[0]?.url).toMatch(/days=30/);
  });

  it("tells a new customer in a sentence, not an empty chart", async () => {
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets([], "0.00")),
      [HISTORY]: () => jsonResponse(200, days(["0.00", "0.00", "0.00"])),
    });
    renderApp("/");
    expect(
      await screen.findByText("Your balance over the last 30 days shows here once money arrives."),
    ).not.toBeNull();
    expect(screen.queryByTestId("chart-line")).toBeNull();
  });

  it("keeps a skeleton of the chart's height while the days load", async () => {
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      [HISTORY]: () => new Promise<Response>(() => {}),
    });
    renderApp("/");
    expect(await screen.findByTestId("chart-skeleton")).not.toBeNull();
    expect(screen.getByRole("img", { busy: true }).style.height).toBe("64px");
  });
});
