import { screen, within } from "@testing-library/react";
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
    expect(screen.getByRole("link", { name: "The same as JSON" }).getAttribute("href")).toBe("/v2/status");
  });

  it("says everything works when nothing is affected", async () => {
    installFakeAccounts({ "GET /v2/status": () => jsonResponse(200, { components: [components[2]] }) });
    renderApp("/status", { signedIn: false });
    expect(await screen.findByText("Everything is working normally.")).not.toBeNull();
  });
});
