import { CUSTOMER_ACCOUNT_KINDS } from "../../db/schema/index.ts";
import type { DailyFiguresBatch } from "../ledger/index.ts";

// The rules of the daily report (docs/backoffice.md "Reports and reconciliation"): how the
// ledger's aggregated movements become a merchant's day per currency. Pure, tested alone.

/** What moved the customers' money, named as operators speak of it. */
export const REPORT_KINDS = [
  "PAYIN",
  "PAYOUT",
  "CRYPTO",
  "SEPA",
  "EXCHANGE",
  "CARD_TOP_UP",
  "CARD_ORDER",
  "CARD_SPENDING",
  "EARN",
  "SEND",
  "FEE",
  "INTEREST",
  "SANDBOX_CREDIT",
  "OTHER",
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The ledger operation kinds each module writes, by prefix; the first match wins. */
const BY_OPERATION: [prefix: string, kind: ReportKind][] = [
  ["payin_card", "PAYIN"],
  ["payout_card", "PAYOUT"],
  ["payin_crypto", "CRYPTO"],
  ["payout_crypto_internal", "SEND"],
  ["payout_crypto", "CRYPTO"],
  ["transfer_mobile", "SEND"],
  ["iban_receive", "SEPA"],
  ["withdraw_iban", "SEPA"],
  ["exchange", "EXCHANGE"],
  ["card_top_up", "CARD_TOP_UP"],
  ["card_order", "CARD_ORDER"],
  ["card_purchase", "CARD_SPENDING"],
  ["card_refund", "CARD_SPENDING"],
  ["deposit_", "EARN"],
  ["sandbox_credit", "SANDBOX_CREDIT"],
];

const customerKinds = new Set<string>(CUSTOMER_ACCOUNT_KINDS);

/**
 * The kind of one customer-side leg: a fee or interest by the house account on its other side
 * (whatever operation carried it), else by the operation.
 */
export function reportKindOf(operationKind: string, otherAccountKind: string): ReportKind {
  if (otherAccountKind === "fee_income") return "FEE";
  if (otherAccountKind === "interest_expense") return "INTEREST";
  return BY_OPERATION.find(([prefix]) => operationKind.startsWith(prefix))?.[1] ?? "OTHER";
}

type Flow = { in: bigint; out: bigint; count: number };

/** A merchant's day in one currency; amounts in minor units. */
export type DayRow = {
  day: string;
  currency: string;
  /** What the customers' accounts held at the end of the day (posted). */
  closingBalance: bigint;
  /** Customers whose accounts moved that day. */
  activeCustomers: number;
  /** Into and out of customers' accounts, by kind (a send between two customers is both). */
  flows: Map<ReportKind, Flow>;
  moneyIn: bigint;
  moneyOut: bigint;
  /** Net credits of fee income (refunded fees come off). */
  feesEarned: bigint;
  /** Net debits of interest expense. */
  interestPaid: bigint;
};

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function emptyRow(day: string, currency: string): DayRow {
  return {
    day,
    currency,
    closingBalance: 0n,
    activeCustomers: 0,
    flows: new Map(),
    moneyIn: 0n,
    moneyOut: 0n,
    feesEarned: 0n,
    interestPaid: 0n,
  };
}

function addFlow(row: DayRow, kind: ReportKind, side: "in" | "out", amount: bigint, count: number) {
  const flow = row.flows.get(kind) ?? { in: 0n, out: 0n, count: 0 };
  flow[side] += amount;
  flow.count += count;
  row.flows.set(kind, flow);
  if (side === "in") row.moneyIn += amount;
  else row.moneyOut += amount;
}

/**
 * The days of one batch, oldest first, currencies in code order. A day of a currency is shown
 * when its customers held something at its end or anything moved; each day's closing balance is
 * the previous one plus the day's money in less its money out, so the rows add up by
 * construction and match the ledger's balances (the tests hold both against the ledger).
 */
export function dayRowsOf(batch: DailyFiguresBatch): DayRow[] {
  const moved = new Map<string, DayRow>();
  const row = (day: string, currency: string) => {
    const key = `${day} ${currency}`;
    const found = moved.get(key);
    if (found) return found;
    const r = emptyRow(day, currency);
    moved.set(key, r);
    return r;
  };
  for (const m of batch.movements) {
    const r = row(m.day, m.currency);
    const credit = customerKinds.has(m.creditKind);
    const debit = customerKinds.has(m.debitKind);
    if (credit) addFlow(r, reportKindOf(m.operationKind, m.debitKind), "in", m.amount, m.count);
    if (debit) addFlow(r, reportKindOf(m.operationKind, m.creditKind), "out", m.amount, m.count);
    if (m.creditKind === "fee_income") r.feesEarned += m.amount;
    if (m.debitKind === "fee_income") r.feesEarned -= m.amount;
    if (m.debitKind === "interest_expense") r.interestPaid += m.amount;
    if (m.creditKind === "interest_expense") r.interestPaid -= m.amount;
  }
  for (const a of batch.activeCustomers) row(a.day, a.currency).activeCustomers = a.customers;

  const currencies = [
    ...new Set([...batch.opening.keys(), ...batch.movements.map((m) => m.currency)]),
  ].sort();
  const balance = new Map(batch.opening);
  const rows: DayRow[] = [];
  for (let t = batch.from.getTime(); t < batch.to.getTime(); t += DAY_MS) {
    const day = dayOf(t);
    for (const currency of currencies) {
      const r = moved.get(`${day} ${currency}`);
      const closing = (balance.get(currency) ?? 0n) + (r ? r.moneyIn - r.moneyOut : 0n);
      balance.set(currency, closing);
      if (!r && closing === 0n) continue;
      rows.push({ ...(r ?? emptyRow(day, currency)), closingBalance: closing });
    }
  }
  return rows;
}

/** UTC midnight of a YYYY-MM-DD day. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS) + 1;

/** The CSV's columns: the day's figures, then money in and out of every kind. */
export const CSV_HEADER = [
  "day",
  "currency",
  "closing_balance",
  "active_customers",
  "money_in",
  "money_out",
  "fees_earned",
  "interest_paid",
  ...REPORT_KINDS.flatMap((k) => [`${k.toLowerCase()}_in`, `${k.toLowerCase()}_out`]),
].join(",");

/**
 * One CSV line (RFC 4180 line end). Every cell is a date, a currency code or a number the report
 * made, never text someone typed, so none needs quoting or a formula guard.
 */
export function csvLine(r: DayRow, money: (amount: bigint, currency: string) => string): string {
  const m = (amount: bigint) => money(amount, r.currency);
  const cells = [
    r.day,
    r.currency,
    m(r.closingBalance),
    String(r.activeCustomers),
    m(r.moneyIn),
    m(r.moneyOut),
    m(r.feesEarned),
    m(r.interestPaid),
    ...REPORT_KINDS.flatMap((k) => {
      const f = r.flows.get(k);
      return [m(f?.in ?? 0n), m(f?.out ?? 0n)];
    }),
  ];
  return `${cells.join(",")}\r\n`;
}
