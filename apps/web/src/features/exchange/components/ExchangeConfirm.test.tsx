import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { offerFor } from "../testing/fake-exchange.ts";
import { ExchangeConfirm } from "./ExchangeConfirm.tsx";

const offer = offerFor({ currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "100.00" }, "offer-1");

describe("ExchangeConfirm", () => {
  afterEach(() => vi.restoreAllMocks());

  it("opens at the top of the page with its heading focused, not where the form was scrolled", () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    render(
      <ExchangeConfirm
        side="from"
        offer={offer}
        remaining={20}
        renewing={false}
        executing={false}
        onConfirm={() => undefined}
        onEdit={() => undefined}
      />,
    );
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 2 }));
  });
});
