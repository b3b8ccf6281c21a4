import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render.tsx";
import { simulate } from "./earn-math.ts";
import { deposit, installFakeEarn, json, listOf } from "./testing/fake-earn.ts";

describe("/earn", () => {
  it("shows the rates by currency, an empty list, and the simulator once an amount is typed", async () => {
    installFakeEarn();
    const user = userEvent.setup();
    renderApp("/earn");
    expect(await screen.findByText("You have no open deposits yet.")).not.toBeNull();
    const rates = screen.getByRole("table", { name: "USDT" });
    expect(within(rates).getAllByRole("row")).toHaveLength(4);
    expect(screen.getByText("Enter an amount to compare what each pays back.")).not.toBeNull();
    // The simulator has its own field: the deposit's amount stays empty.
    await user.type(screen.getByLabelText("Amount to compare"), "1000");
    expect((screen.getByLabelText("Amount") as HTMLInputElement).value).toBe("");
    const sim = screen.getByRole("region", { name: "Fixed or flexible?" });
    expect(within(sim).getByRole("row", { name: /Fixed/ })).not.toBeNull();
    expect(within(sim).getByRole("row", { name: /Flexible/ }).textContent).toContain("1,0");
  });

  it("refuses an amount outside the duration's bounds before anything is sent", async () => {
    const fake = installFakeEarn();
    const user = userEvent.setup();
    renderApp("/earn");
    await user.type(await screen.findByLabelText("Amount"), "5");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText(/The amount must be between/)).not.toBeNull();
    expect(fake.find("POST", "/v1/deposits/")).toHaveLength(0);
  });

  it("opens after a confirmation that says the rule, with an idempotency key, and shows a receipt", async () => {
    let opened = false;
    const fake = installFakeEarn({
      "POST /v1/deposits/": async () => {
        opened = true;
        return json(
          200,
          deposit({ productType: "FLEX", months: 3, percents: "5.00", currentProfit: "0.000000" }),
        );
      },
      "GET /v1/deposits/": () =>
        json(200, listOf(opened ? [deposit({ productType: "FLEX", months: 3 })] : [])),
    });
    const user = userEvent.setup();
    renderApp("/earn");
    await user.type(await screen.findByLabelText("Amount"), "100");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm your deposit" });
    expect(within(dialog).getByText(/A flexible deposit lets you take profit at any time/)).not.toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Open deposit" }));
    expect(await screen.findByRole("dialog", { name: "Deposit opened" })).not.toBeNull();
    const [request] = fake.find("POST", "/v1/deposits/");
    expect(await request?.json()).toEqual({
      currency: "USDT",
      productType: "FLEX",
      months: 3,
      amount: "100.000000",
    });
    expect(request?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("closes a FIX deposit after saying it returns the principal without profit, and refreshes the list", async () => {
    let closed = false;
    const fake = installFakeEarn({
      "GET /v1/deposits/": () => json(200, listOf(closed ? [] : [deposit()])),
      [`POST /v1/deposits/${deposit().id}/close`]: () => {
        closed = true;
        return json(200, deposit({ status: "CLOSED", currentProfit: "0.000000" }));
      },
    });
    const user = userEvent.setup();
    renderApp("/earn");
    expect(await screen.findByText("€92.69")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: /^Close/ }));
    const dialog = await screen.findByRole("dialog", { name: "Close this deposit?" });
    expect(within(dialog).getByText(/closing it early returns the principal without profit/)).not.toBeNull();
    // The principal only: 100 USDT, without the 0.75 USDT accrued.
    expect(within(dialog).getByRole("definition").textContent).toMatch(/^[^0-9]*100(\.0+)?[^0-9.]*$/);
    await user.click(within(dialog).getByRole("button", { name: "Close deposit" }));
    expect(await screen.findByRole("dialog", { name: "Deposit closed" })).not.toBeNull();
    expect(fake.find("POST", `/v1/deposits/${deposit().id}/close`)[0]?.headers.get("idempotency-key")).toBe(
      `close-${deposit().id}`,
    );
    expect(await screen.findByText("You have no open deposits yet.")).not.toBeNull();
  });
});

describe("the simulator's arithmetic", () => {
  it("follows the server's rule: FIX early returns the principal, FLEX adds the profit to date", () => {
    const from = new Date("2027-01-05T08:30:00Z");
    const fix = simulate(100_000n, { productType: "FIX", months: 12, percents: "5.50" }, 6, from);
    expect(fix).toEqual({ atMaturity: 105_500n, onEarlyClose: 100_000n });
    const flex = simulate(100_000n, { productType: "FLEX", months: 12, percents: "4.00" }, 1, from);
    expect(flex.onEarlyClose).toBe(100_000n + (100_000n * 400n * 31n) / 3_650_000n);
  });
});
