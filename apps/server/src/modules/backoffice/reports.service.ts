import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { commonErrors } from "../../http/app-error.ts";
import type { ProviderBook } from "../../providers/provider-book.ts";
import type { HouseAccountKind, LedgerService } from "../ledger/index.ts";
import type { MerchantsService } from "../merchants/index.ts";
import type { AuditService } from "../operators/index.ts";
import type { Actor } from "./backoffice.types.ts";
import { CSV_HEADER, csvLine, type DayRow, dayRowsOf, daysBetween, startOfDay } from "./reports-rules.ts";

const money = (amount: bigint, currency: string) => {
  try {
    return toDecimalString(amount, currency as CurrencyCode);
  } catch {
    return amount.toString(); // a currency the money package does not know: minor units as they are
  }
};

/** A JSON report covers at most this many days; the CSV streams longer ranges. */
const MAX_JSON_DAYS = 366;
/** The CSV's bound: ten years of days, read a month at a time. */
const MAX_CSV_DAYS = 3660;
const CSV_BATCH_DAYS = 31;

/**
 * The outside parties beside the house accounts that mirror them. `sign`: the provider's figure
 * equals sign × the accounts' ledger balance when both agree (an acquirer holding our captured
 * pay-ins is a debit balance of acquiring clearing, so -1).
 */
const RECONCILED: { provider: ProviderName; houseAccounts: HouseAccountKind[]; sign: 1n | -1n }[] = [
  { provider: "ACQUIRER", houseAccounts: ["acquiring_clearing", "payout_clearing"], sign: -1n },
  { provider: "BANK", houseAccounts: ["bank_settlement"], sign: -1n },
  { provider: "CHAIN", houseAccounts: ["chain_hot_wallet"], sign: -1n },
  { provider: "ISSUER", houseAccounts: ["issuer_settlement"], sign: 1n },
];
export type ProviderName = "ACQUIRER" | "BANK" | "CHAIN" | "ISSUER";

export type ReportRange = { from: string; to: string };
/** Who asks: a platform admin (no merchant of their own) reconciles the platform's provider accounts. */
export type ReportsActor = Actor & { platform: boolean };

/**
 * Reports and reconciliation of the back-office (docs/backoffice.md "Reports and
 * reconciliation"): the ledger's figures by day, and its house accounts beside the providers'.
 */
export function createReportsService(deps: {
  ledger: LedgerService;
  merchants: Pick<MerchantsService, "listMerchants">;
  audit: AuditService;
  /** The providers' own books (sandbox mode); a provider without one reports nothing. */
  books: Partial<Record<ProviderName, ProviderBook>>;
  now?: () => Date;
}) {
  const { ledger, audit } = deps;
  const now = deps.now ?? (() => new Date());

  /** [from, to + 1 day) in UTC, never past today; 400 naming the field at fault. */
  function window(range: ReportRange, maxDays: number) {
    const days = daysBetween(range.from, range.to);
    if (days < 1) throw badRange("to", "to: must not be before from");
    if (days > maxDays)
      throw badRange(
        "to",
        `to: at most ${maxDays} days from from${maxDays === MAX_JSON_DAYS ? " (the CSV takes longer ranges)" : ""}`,
      );
    const tomorrow = startOfDay(now().toISOString().slice(0, 10)).getTime() + 86_400_000;
    const from = startOfDay(range.from);
    const to = new Date(Math.min(startOfDay(range.to).getTime() + 86_400_000, tomorrow));
    return { from, to: to < from ? from : to };
  }

  const wire = (r: DayRow) => ({
    day: r.day,
    currency: r.currency,
    closingBalance: money(r.closingBalance, r.currency),
    activeCustomers: r.activeCustomers,
    moneyIn: money(r.moneyIn, r.currency),
    moneyOut: money(r.moneyOut, r.currency),
    feesEarned: money(r.feesEarned, r.currency),
    interestPaid: money(r.interestPaid, r.currency),
    flows: [...r.flows].map(([kind, f]) => ({
      kind,
      in: money(f.in, r.currency),
      out: money(f.out, r.currency),
      count: f.count,
    })),
  });

  return {
    /** The merchant's days of the range (at most a year), per currency. Audited. */
    async daily(who: Actor, range: ReportRange) {
      const { from, to } = window(range, MAX_JSON_DAYS);
      const rows: DayRow[] = [];
      await ledger.dailyFigures(
        { merchantId: who.merchantId, from, to, batchDays: MAX_JSON_DAYS },
        async (b) => {
          rows.push(...dayRowsOf(b));
        },
      );
      await audit.record(who.actor, {
        merchantId: who.merchantId,
        action: "reports.view",
        changes: { report: "daily", ...range },
      });
      return { from: range.from, to: range.to, rows: rows.map(wire) };
    },

    /**
     * The same days as CSV lines handed to `write` a month at a time (awaited: a slow reader slows
     * the reading), for any range up to ten years. The export is audited before the first line.
     */
    async exportCsv(who: Actor, range: ReportRange, write: (chunk: string) => Promise<void>) {
      const { from, to } = window(range, MAX_CSV_DAYS);
      await audit.record(who.actor, {
        merchantId: who.merchantId,
        action: "reports.export",
        changes: { report: "daily", format: "csv", ...range },
      });
      await write(`${CSV_HEADER}\r\n`);
      await ledger.dailyFigures(
        { merchantId: who.merchantId, from, to, batchDays: CSV_BATCH_DAYS },
        async (batch) => {
          const lines = dayRowsOf(batch).map((r) => csvLine(r, money));
          if (lines.length > 0) await write(lines.join(""));
        },
      );
    },

    /**
     * The house accounts that mirror an outside party beside what that party reports. The
     * sandbox's providers keep one book for every merchant, as the platform's accounts at a real
     * provider would: a platform admin sees them against every merchant's house accounts; a
     * merchant's operator sees their merchant's house accounts alone (no provider figure).
     */
    async reconciliation(who: ReportsActor) {
      const merchantIds = who.platform
        ? (await deps.merchants.listMerchants()).map((m) => m.id)
        : [who.merchantId];
      const house = await ledger.houseBalances({ merchantIds });
      const rows = [];
      for (const { provider, houseAccounts, sign } of RECONCILED) {
        const mine = house.filter((h) => houseAccounts.includes(h.kind));
        const book = who.platform ? deps.books[provider] : undefined;
        for (const currency of [...new Set(mine.map((h) => h.currency))].sort()) {
          const of = mine.filter((h) => h.currency === currency);
          const expected = sign * of.reduce((s, h) => s + h.balance, 0n);
          const pending = sign * of.reduce((s, h) => s + h.pending, 0n);
          const reported = book ? await book.balance(currency) : null;
          if (expected === 0n && pending === 0n && !reported) continue;
          rows.push({
            provider,
            currency,
            houseAccounts,
            ledgerBalance: money(expected, currency),
            ledgerPending: money(pending, currency),
            providerBalance: reported === null ? null : money(reported, currency),
            difference: reported === null ? null : money(reported - expected, currency),
            matches: reported === null ? null : reported === expected,
          });
        }
      }
      await audit.record(who.actor, {
        merchantId: who.merchantId,
        action: "reports.view",
        changes: { report: "reconciliation", scope: who.platform ? "PLATFORM" : "MERCHANT" },
      });
      return { scope: who.platform ? ("PLATFORM" as const) : ("MERCHANT" as const), rows };
    },
  };
}

const badRange = (field: string, message: string) =>
  commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message });
