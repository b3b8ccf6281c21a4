import { describe, expect, it } from "vitest";
import { createOfferBody, exchangeCurrenciesQuery, updateOfferBody } from "./quotes.schemas.ts";

const issue = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => ({ field: i.path.join("."), message: i.message }));

describe("exchange schemas", () => {
  it("takes an offer with exactly one amount, as a decimal string", () => {
    const body = { currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "10.5" };
    expect(createOfferBody.parse(body)).toEqual(body);
    expect(createOfferBody.parse({ currencyFrom: "USDT", currencyTo: "EUR", amountTo: "9" }).amountTo).toBe(
      "9",
    );
  });

  it("names the amount field when none or both are given", () => {
    expect(issue(createOfferBody.safeParse({ currencyFrom: "USDT", currencyTo: "EUR" }))).toEqual([
      { field: "amountFrom", message: "give exactly one of amountFrom and amountTo" },
    ]);
    const both = { currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "1", amountTo: "1" };
    expect(issue(createOfferBody.safeParse(both))).toEqual([
      { field: "amountTo", message: "give exactly one of amountFrom and amountTo" },
    ]);
  });

  it("refuses JSON numbers for amounts and an offerId that is not a UUID", () => {
    expect(
      issue(createOfferBody.safeParse({ currencyFrom: "USDT", currencyTo: "EUR", amountFrom: 10 }))?.[0]
        ?.field,
    ).toBe("amountFrom");
    const update = { offerId: "901", currencyFrom: "USDT", currencyTo: "EUR", amountFrom: "1" };
    expect(issue(updateOfferBody.safeParse(update))?.[0]?.field).toBe("offerId");
  });

  it("reads coinPairs repeated or comma-separated", () => {
    expect(exchangeCurrenciesQuery.parse({ coinPairs: "USDT_EUR,BTC_EUR" })).toEqual({
      coinPairs: ["USDT_EUR", "BTC_EUR"],
    });
    expect(exchangeCurrenciesQuery.parse({ coinPairs: ["USDT_EUR", "BTC_EUR"] }).coinPairs).toHaveLength(2);
    expect(exchangeCurrenciesQuery.parse({}).coinPairs).toBeUndefined();
    expect(issue(exchangeCurrenciesQuery.safeParse({ coinPairs: "usdt-eur" }))?.[0]?.field).toBe(
      "coinPairs.0",
    );
  });
});
