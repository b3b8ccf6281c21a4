import { type CurrencyCode, parseAmount } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import type { DepositProductType } from "../../db/schema/index.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import type { TemplateRow } from "./deposits.repository.ts";

type Term = [DepositProductType, months: number, rateBp: number];

function templates(merchantId: string, currency: CurrencyCode, min: string, max: string, terms: Term[]) {
  const minor = (v: string) => {
    const parsed = parseAmount(v, currency, { allowZero: false });
    if (!parsed.ok) throw new Error(`bad seed amount ${v}`);
    return parsed.minor;
  };
  return terms.map(([productType, months, rateBp]) => ({
    id: uuidv7(),
    merchantId,
    currency,
    productType,
    months,
    rateBp,
    minAmount: minor(min),
    maxAmount: minor(max),
  }));
}

/**
 * The demo merchant's earn offer: FLEX pays less than FIX for the same term (the customer keeps
 * the right to leave with the profit). The EUR on-demand FLEX of 0 months is kept but not offered
 * (spec §4). Nimbus has a smaller offer, under maintenance in its catalog.
 */
export function seedDepositTemplates(): TemplateRow[] {
  return [
    ...templates(DEMO_MERCHANT_ID, "USDT", "10", "100000", [
      ["FLEX", 1, 400],
      ["FLEX", 3, 500],
      ["FLEX", 12, 650],
      ["FIX", 3, 600],
      ["FIX", 6, 700],
      ["FIX", 12, 900],
    ]),
    ...templates(DEMO_MERCHANT_ID, "EUR", "10", "100000", [
      ["FLEX", 0, 200],
      ["FLEX", 3, 300],
      ["FLEX", 12, 400],
      ["FIX", 6, 450],
      ["FIX", 12, 550],
    ]),
    ...templates(DEMO_MERCHANT_ID, "BTC", "0.0001", "10", [
      ["FLEX", 3, 150],
      ["FIX", 12, 300],
    ]),
    ...templates(NIMBUS_MERCHANT_ID, "USDT", "50", "50000", [
      ["FLEX", 3, 450],
      ["FIX", 12, 800],
    ]),
  ];
}
