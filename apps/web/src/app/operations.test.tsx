import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OperationStatus, OperationType } from "../lib/operations/operations-schema.ts";
import { defaultWorld, installFakeConfigService } from "../test/fake-config-service.ts";
import { renderApp } from "../test/render.tsx";

function worldWith(type: OperationType, change: Partial<OperationStatus>) {
  const world = defaultWorld();
  world.operations = world.operations.map((entry) =>
    entry.operationType === type ? { ...entry, ...change } : entry,
  );
  return world;
}

const maintenance = { constraint: "MAINTENANCE", reason: "MAINTENANCE" } as const;

/** Renders the app and waits until the operations catalog has been read. */
async function startApp(path: string, world = defaultWorld()) {
  const fetchMock = installFakeConfigService(world);
  const app = renderApp(path);
  await waitFor(() =>
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/v2/catalog/operations")).toBe(true),
  );
  // The screen loads with its route: wait for its heading, then for its calls.
  await screen.findByRole("heading", { level: 1, hidden: true });
  await waitFor(() => expect(app.services.queryClient.isFetching()).toBe(0));
  return app;
}

describe("operation entry points on the home page", () => {
  it("offer every built operation: Add funds, Send, Exchange, Cards, Earn, Withdraw and IBAN", async () => {
    await startApp("/");
    for (const name of ["Add funds", "Send", "Exchange", "Cards", "Earn", "Withdraw", "IBAN"]) {
      expect(screen.getByRole("button", { name })).not.toBeNull();
    }
  });

  it("open the maintenance modal instead of the operation under MAINTENANCE", async () => {
    const user = userEvent.setup();
    const { router } = await startApp("/", worldWith("EXCHANGE", maintenance));
    await user.click(screen.getByRole("button", { name: "Exchange" }));
    const dialog = screen.getByRole("dialog", { name: "Taking a quick pit stop" });
    // It names the paused feature in words and says what to do.
    expect(dialog.textContent).toContain("Exchange is paused for maintenance.");
    expect(dialog.textContent).toContain("Your money is safe. Please try again in a little while");
    expect(within(dialog).getByRole("link", { name: "See the status page" }).getAttribute("href")).toBe(
      "/status",
    );
    expect(router.state.location.pathname).toBe("/");
    await user.click(screen.getByRole("button", { name: "Got it" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("are disabled with the reason when DISABLED", async () => {
    await startApp("/", worldWith("EXCHANGE", { constraint: "DISABLED", reason: "KYC_REQUIRED" }));
    const exchange = screen.getByRole<HTMLButtonElement>("button", { name: "Exchange" });
    expect(exchange.disabled).toBe(true);
    const reason = document.getElementById(exchange.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe("Verify your identity to use this");
  });

  it("Add funds offers 'Via bank card' and 'Via other crypto wallets', each leading to its page", async () => {
    const user = userEvent.setup();
    const { router } = await startApp("/");
    await user.click(screen.getByRole("button", { name: "Add funds" }));
    expect(screen.getByRole("dialog", { name: "Add funds" })).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Via bank card" }));
    expect(router.state.location.pathname).toBe("/top-up/card");
    // The card screen replaces home, modal included, once its code has loaded.
    await screen.findByRole("heading", { name: "Add funds by bank card" });
    expect(screen.queryByRole("dialog")).toBeNull();
    await router.navigate("/");
    await user.click(await screen.findByRole("button", { name: "Add funds" }));
    await user.click(screen.getByRole("button", { name: "Via other crypto wallets" }));
    expect(router.state.location.pathname).toBe("/top-up/receive");
    // The modal goes with home when the receive screen opens.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("leave out card pay-in and payout the merchant's flags switch off; a DISABLED one stays, greyed", async () => {
    const user = userEvent.setup();
    const world = defaultWorld();
    // Switched off by the merchant's feature flags: the catalog does not list them (not offered).
    world.operations = world.operations.filter(
      (entry) => entry.operationType !== "PAYIN_CARD" && entry.operationType !== "PAYOUT_CARD",
    );
    await startApp("/", world);
    expect(screen.queryByRole("button", { name: "Withdraw" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Add funds" }));
    expect(screen.queryByRole("button", { name: "Via bank card" })).toBeNull();
    expect(screen.getByRole("button", { name: "Via other crypto wallets" })).not.toBeNull();
  });

  it("keep card pay-in greyed with its reason when the catalog says DISABLED", async () => {
    const user = userEvent.setup();
    await startApp("/", worldWith("PAYIN_CARD", { constraint: "DISABLED", reason: "DISABLED" }));
    await user.click(screen.getByRole("button", { name: "Add funds" }));
    const card = screen.getByRole<HTMLButtonElement>("button", { name: "Via bank card" });
    expect(card.disabled).toBe(true);
    expect(card.title).toBe("Not available");
  });

  it("Send offers 'Via phone number' (no fees, instant, worldwide) and 'To a wallet'", async () => {
    const user = userEvent.setup();
    const { router } = await startApp("/");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(
      screen.getByRole("button", { name: "Via phone number No fees, instant, worldwide" }),
    ).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "To a wallet" }));
    expect(router.state.location.pathname).toBe("/send/wallet");
  });

  it("an option under maintenance inside Add funds swaps that modal for the maintenance modal", async () => {
    const user = userEvent.setup();
    const { router } = await startApp("/", worldWith("PAYIN_CRYPTO", maintenance));
    await user.click(screen.getByRole("button", { name: "Add funds" }));
    await user.click(screen.getByRole("button", { name: "Via other crypto wallets" }));
    expect(screen.getByRole("dialog", { name: "Taking a quick pit stop" })).not.toBeNull();
    expect(screen.queryByRole("dialog", { name: "Add funds" })).toBeNull();
    expect(router.state.location.pathname).toBe("/");
  });
});

describe("operation pages and navigation", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("the navigation's Exchange link opens the maintenance modal under MAINTENANCE", async () => {
    const user = userEvent.setup();
    const { router } = await startApp("/", worldWith("EXCHANGE", maintenance));
    const nav = screen.getByRole("navigation", { name: "Main" });
    await user.click(
      Array.from(nav.querySelectorAll("a")).find((a) => a.textContent === "Exchange") as HTMLElement,
    );
    expect(screen.getByRole("dialog", { name: "Taking a quick pit stop" })).not.toBeNull();
    expect(router.state.location.pathname).toBe("/");
  });

  it("a DISABLED operation's navigation item is not a link and says why", async () => {
    await startApp("/", worldWith("EXCHANGE", { constraint: "DISABLED", reason: "DISABLED" }));
    const nav = screen.getByRole("navigation", { name: "Main" });
    const exchange = Array.from(nav.querySelectorAll("[aria-disabled='true']")).find((el) =>
      el.textContent?.startsWith("Exchange"),
    );
    expect(exchange?.tagName).toBe("SPAN");
    expect(exchange?.getAttribute("title")).toBe("Not available");
  });

  it("opening an operation's address under maintenance shows the maintenance modal, then goes home", async () => {
    const user = userEvent.setup();
    const { router } = await startApp("/top-up/card", worldWith("PAYIN_CARD", maintenance));
    const dialog = await screen.findByRole("dialog", { name: "Taking a quick pit stop" });
    expect(dialog.textContent).toContain("Add funds by bank card is paused for maintenance.");
    await user.click(screen.getByRole("button", { name: "Got it" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("an open app meets a pause made since, on its next in-app navigation 5 s on (issue 46 item 5)", async () => {
    const user = userEvent.setup();
    const world = defaultWorld();
    const { router } = await startApp("/", world);
    // The operator pauses exchange; the app read the catalog before, and the customer goes on
    // navigating: more than 5 s later (the clock moved, not the test), the page re-reads it.
    world.operations = worldWith("EXCHANGE", maintenance).operations;
    const start = Date.now();
    vi.spyOn(Date, "now").mockImplementation(() => start + 5_001);
    const nav = screen.getByRole("navigation", { name: "Main" });
    await user.click(
      Array.from(nav.querySelectorAll("a")).find((a) => a.textContent === "Exchange") as HTMLElement,
    );
    expect(router.state.location.pathname).toBe("/exchange");
    const dialog = await screen.findByRole("dialog", { name: "Taking a quick pit stop" });
    expect(dialog.textContent).toContain("Exchange is paused for maintenance.");
  });

  it("opening a disabled operation's address goes home", async () => {
    const { router } = await startApp("/cards/order", worldWith("CARD_ORDER", { constraint: "DISABLED" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });
});

describe("an operation page that needs a KYC level the customer lacks", () => {
  it("says so before the form, from the catalog's levels; a permitted level gets the form", async () => {
    const world = worldWith("PAYIN_CARD", { kycLevelPermissibleList: ["KYC_2"] });
    world.kyc = { kycLevel: "KYC_0", status: "NONE" };
    await startApp("/top-up/card", world);
    expect(await screen.findByRole("heading", { name: "Verify your identity" })).not.toBeNull();
    expect(screen.getByText("Verify your identity to use this")).not.toBeNull();
    expect(screen.getByRole("link", { name: "Verify now" }).getAttribute("href")).toBe("/verification");
    expect(screen.queryByRole("heading", { name: "Add funds by bank card" })).toBeNull();
  });

  it("shows the form to a customer whose level the catalog permits", async () => {
    const world = worldWith("PAYIN_CARD", { kycLevelPermissibleList: ["KYC_2"] });
    world.kyc = { kycLevel: "KYC_2", status: "APPROVED" };
    await startApp("/top-up/card", world);
    expect(await screen.findByRole("heading", { name: "Add funds by bank card" })).not.toBeNull();
    expect(screen.queryByRole("heading", { name: "Verify your identity" })).toBeNull();
  });
});
