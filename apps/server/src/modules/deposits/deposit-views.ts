import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import type { DepositProductType } from "../../db/schema/index.ts";
import { convertMinor, type RatesService } from "../rates/index.ts";
import { formatPercents } from "./deposit-accrual.ts";
import type { DepositEventRow, DepositRow, TemplateRow } from "./deposits.repository.ts";

const dec = (minor: bigint, currency: string) => toDecimalString(minor, currency as CurrencyCode);

/** What a deposit is worth to the customer now: principal and interest, in its currency. */
export function depositWorth(d: DepositRow): bigint {
  return d.principal + (d.status === "OPEN" ? d.accruedInterest : (d.paidInterest ?? 0n));
}

/** A value in the merchant's fiat at the mid rate (the same rule as the wallets' fiat values). */
export function inFiat(rates: RatesService, minor: bigint, currency: string, fiat: string): bigint {
  if (currency === fiat) return minor;
  const from = currency as CurrencyCode;
  const to = fiat as CurrencyCode;
  return convertMinor(minor, from, to, rates.quote(from, to, 0).mid);
}

/** Spec §3's earn deposit, amounts as decimal strings. */
export function toDepositView(d: DepositRow, fiat: { currency: string; value: bigint }) {
  return {
    id: d.id,
    currency: d.currency,
    productType: d.productType,
    months: d.months,
    percents: formatPercents(d.rateBp),
    currencyAmount: dec(d.principal, d.currency),
    currentProfit: dec(d.status === "OPEN" ? d.accruedInterest : (d.paidInterest ?? 0n), d.currency),
    fiatCurrency: fiat.currency,
    fiatCurrencyAmount: dec(fiat.value, fiat.currency),
    minAmount: dec(d.minAmount, d.currency),
    maxAmount: dec(d.maxAmount, d.currency),
    openedAt: d.openedAt.toISOString(),
    expiryDate: d.expiresAt.toISOString(),
    status: d.status,
    closedAt: d.closedAt?.toISOString() ?? null,
  };
}

/** One line of a deposit's own history. */
export function toEventView(e: DepositEventRow, currency: string) {
  return {
    id: e.id,
    operationId: e.operationId,
    type: e.kind,
    amount: dec(e.amount, currency),
    currency,
    fromDay: e.fromDay,
    toDay: e.toDay,
    createdAt: e.createdAt.toISOString(),
  };
}

/** GET /v1/deposits/templates: per currency, its durations (spec §3 "currency with durations"). */
export function toTemplatesView(rows: TemplateRow[]) {
  const byCurrency = new Map<string, TemplateRow[]>();
  for (const r of rows) byCurrency.set(r.currency, [...(byCurrency.get(r.currency) ?? []), r]);
  return [...byCurrency].map(([currency, list]) => ({
    currency,
    durations: list.map((r) => ({
      id: r.id,
      productType: r.productType,
      months: r.months,
      percents: formatPercents(r.rateBp),
      minAmount: dec(r.minAmount, currency),
      maxAmount: dec(r.maxAmount, currency),
    })),
  }));
}

/** GET /v1/deposits/base-templates: per product type, its currencies, terms and best rate. */
export function toBaseTemplatesView(rows: TemplateRow[]) {
  const types: DepositProductType[] = ["FLEX", "FIX"];
  return types
    .map((productType) => {
      const of = rows.filter((r) => r.productType === productType);
      return {
        productType,
        currencies: [...new Set(of.map((r) => r.currency))],
        months: [...new Set(of.map((r) => r.months))].sort((a, b) => a - b),
        maxPercents: formatPercents(Math.max(0, ...of.map((r) => r.rateBp))),
      };
    })
    .filter((t) => t.currencies.length > 0);
}
