import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { renderApp } from "../../test/render.tsx";

const since = "2026-11-27T08:12:00.000Z";
const components = [
  {
    feature: "EXCHANGE",
    name: "Exchange",
    state: "MAINTENANCE",
    since,
    message: "Paused for maintenance. It will be back soon; your money is safe.",
  },
  {
    feature: "PAYIN_CARD",
    name: "Add funds by bank card",
    state: "DEGRADED",
    since,
    message: "Our card payment provider is answering with errors.",
  },
  { feature: "DEPOSITS", name: "Earn", state: "OPERATIONAL", since: null, message: null },
];

describe("/status", () => {
  it("shows, signed out, what is affected since when and why, then what works", async () => {
    installFakeAccounts({ "GET /v2/status": () => jsonResponse(200, { components }) });
    renderApp("/status", { signedIn: false });
    expect(await screen.findByRole("heading", { level: 1, name: "Service status" })).not.toBeNull();
    expect(await screen.findByText(/Some features are affected right now/)).not.toBeNull();
    const affected = screen.getAllByRole("list")[0] as HTMLElement;
    const items = within(affected).getAllByRole("listitem");
    expect(items.map((i) => i.querySelector("strong")?.textContent)).toEqual([
      "Exchange",
      "Add funds by bank card",
    ]);
    expect(within(items[0] as HTMLElement).getByText("Maintenance")).not.toBeNull();
    expect(within(items[0] as HTMLElement).getByText(/^Since 27 November 2026/)).not.toBeNull();
    expect(within(items[1] as HTMLElement).getByText(components[1]?.message as string)).not.toBeNull();
    expect(screen.getByText("Earn")).not.toBeNull();
    // No developer's link on a customer's page ("The same as JSON"): monitors read /v2/status directly.
    expect(screen.queryByText(/JSON/)).toBeNull();
  });

  it("lists every feature, working ones included, in words and never by code (issue 46 item 5)", async () => {
    // The demo merchant's 20 features as the server names them; the page must not use those names.
    const features = [
      "EXCHANGE",
      "PAYIN_CARD",
      "PAYIN_CRYPTO",
      "PAYOUT_CARD",
      "PAYOUT_CRYPTO",
      "TRANSFER_MOBILE",
      "IBAN",
      "WITHDRAW_IBAN",
      "CARDS",
      "CARD_TOPUP_CRYPTO",
      "CARD_ORDER",
      "DEPOSITS",
      "PAYIN",
      "PAYOUT",
      "EXCHANGE_IBAN",
      "PAY_FOR_CARD",
      "CARD_ISSUE_CP_1",
      "CARD_ISSUE_CP_2",
      "CARD_DELIVERY_CP_1",
      "CARD_DELIVERY_CP_2",
    ];
    const all = features.map((feature) => {
      const base = { feature, name: `internal ${feature}` };
      if (feature === "CARD_ISSUE_CP_1") return { ...base, state: "MAINTENANCE", since, message: "Paused." };
      if (feature === "IBAN") return { ...base, state: "UNAVAILABLE", since: null, message: "Not here yet." };
      return { ...base, state: "OPERATIONAL", since: null, message: null };
    });
    installFakeAccounts({ "GET /v2/status": () => jsonResponse(200, { components: all }) });
    renderApp("/status", { signedIn: false });
    // The rows' skeleton (a list too) holds the place until the answer arrives.
    const [affected, working] = await waitFor(() => {
      expect(screen.queryAllByTestId("row-skeleton")).toHaveLength(0);
      return screen.getAllByRole("list") as HTMLElement[];
    });
    const names = (list: HTMLElement | undefined) =>
      within(list as HTMLElement)
        .getAllByRole("listitem")
        .map((i) => i.querySelector("strong")?.textContent ?? i.textContent);
    // Longest affected first: one never connected has no since.
    expect(names(affected)).toEqual(["IBAN accounts", "Issuing new cards"]);
    expect(within(affected as HTMLElement).getByText("Not available")).not.toBeNull();
    expect(names(working)).toHaveLength(18);
    expect(names(working)).toContain("Card delivery (second card type)");
    expect(names(working)).toContain("Pay for a card");
    const page = document.querySelector(".k-service-status")?.textContent ?? "";
    expect(page).not.toMatch(/internal|CARD_|_CP_|PAYIN|PAYOUT/);
  });

  it("says everything works when nothing is affected", async () => {
    installFakeAccounts({ "GET /v2/status": () => jsonResponse(200, { components: [components[2]] }) });
    renderApp("/status", { signedIn: false });
    expect(await screen.findByText("Everything is working normally.")).not.toBeNull();
  });
});
