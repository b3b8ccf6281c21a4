import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse as json } from "../../test/fake-accounts.ts";
import { renderApp } from "../../test/render.tsx";
import { installFakeExchange } from "./testing/fake-exchange.ts";

const points = (rates: string[]) =>
  rates.map((rate, i) => ({ at: new Date(Date.UTC(2026, 11, 7, i)).toISOString(), rate }));

describe("/exchange's rate sparkline", () => {
  it("draws the chosen pair's last 24 hours and says what the rate did", async () => {
    const fake = installFakeExchange({
      "GET /v2/rates/history": (r) => {
        const q = new URL(r.url).searchParams;
        return json(200, { from: q.get("from"), to: q.get("to"), points: points(["0.9", "0.92", "0.918"]) });
      },
    });
    renderApp("/exchange");
    const chart = await screen.findByRole("img", {
      name: "USDT in EUR over the last 24 hours: up 2.0%, now 0.918",
    });
    expect(chart).not.toBeNull();
    expect(await screen.findByTestId("chart-line")).not.toBeNull();
    expect(screen.getByText("USDT in EUR, last 24 hours")).not.toBeNull();
    const asked = new URL(fake.find("GET", "/v2/rates/history")[0]?.url ?? "").searchParams;
    expect([asked.get("from"), asked.get("to"), asked.get("hours")]).toEqual(["USDT", "EUR", "24"]);
  });
});
