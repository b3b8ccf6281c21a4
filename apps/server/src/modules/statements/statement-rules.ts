import { historyTypePhrase, ledgerOperationPhrase } from "@kestrel/domain";
import type { HistoryRow } from "../history/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import { statementErrors } from "./statements.errors.ts";

// Pure rules of a statement: its range, its accounts and movements, and the check that they add
// up. No database and no clock of their own: tested alone (statement-rules.test.ts).

export type StatementFacts = Awaited<ReturnType<LedgerService["statementFacts"]>>;

/** At most this many years between the first and the last day of a statement. */
const MAX_STATEMENT_YEARS = 5;

export type StatementRange = { from: Date; to: Date; firstDay: string; lastDay: string };

/** [from, to) in UTC from two inclusive days; backwards or over 5 years: 400 naming `to`. */
export function statementRange(firstDay: string, lastDay: string): StatementRange {
  const from = new Date(`${firstDay}T00:00:00Z`);
  const last = new Date(`${lastDay}T00:00:00Z`);
  if (last < from) {
    throw statementErrors.create("STATEMENT_RANGE_INVALID", {
      field: "to",
      message: "to: must not be before from",
    });
  }
  const limit = new Date(from);
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_STATEMENT_YEARS);
  if (last >= limit) {
    throw statementErrors.create("STATEMENT_RANGE_INVALID", {
      field: "to",
      message: `to: at most ${MAX_STATEMENT_YEARS} years after from`,
    });
  }
  const to = new Date(last.getTime() + 86_400_000);
  return { from, to, firstDay, lastDay };
}

/**
 * When the closing balance is read: the period's end ("end", its last day), or the issue time
 * when the statement is issued before the period is over (the current month's, on the 7th).
 */
export function closingAt(range: StatementRange, issuedAt: Date): Date | "end" {
  return issuedAt < range.to ? issuedAt : "end";
}

type StatementLine = {
  at: Date;
  operationId: string;
  description: string;
  /** Signed minor units, fees apart. */
  amount: bigint;
  /** Minor units the operation took as fees from this account (negative: a fee given back). */
  fee: bigint;
  /** The account's balance after this line. */
  balance: bigint;
};

export type StatementAccount = {
  accountId: string;
  kind: string;
  currency: string;
  label: string;
  opening: bigint;
  lines: StatementLine[];
  closing: bigint;
};

const ACCOUNT_LABELS: Record<string, string> = {
  customer_wallet: "Wallet",
  card_balance: "Card balance",
  iban_balance: "IBAN account",
  deposit_principal: "Earn deposit",
  deposit_interest: "Earn interest",
};

/**
 * Per account: the opening balance, one line per operation (its fee legs as the fee), the
 * running balance, and the closing balance. Refuses (422) when opening + lines differs from the
 * balance the ledger's entries record at the end: a statement that does not add up is never issued.
 */
export function buildStatement(
  facts: StatementFacts,
  describe: (operationId: string, operationKind: string) => string,
): StatementAccount[] {
  const closingOf = new Map(facts.closing.map((a) => [a.accountId, a.balance]));
  return facts.opening.map((account) => {
    const lines: StatementLine[] = [];
    let balance = account.balance;
    for (const m of facts.movements) {
      if (m.accountId !== account.accountId) continue;
      let line = lines.at(-1);
      if (line?.operationId !== m.operationId) {
        line = {
          at: m.at,
          operationId: m.operationId,
          description: describe(m.operationId, m.operationKind),
          amount: 0n,
          fee: 0n,
          balance,
        };
        lines.push(line);
      }
      if (m.otherKind === "fee_income") line.fee -= m.amount;
      else line.amount += m.amount;
      balance += m.amount;
      line.balance = balance;
    }
    const closing = closingOf.get(account.accountId) ?? 0n;
    if (balance !== closing) {
      throw statementErrors.create("STATEMENT_DOES_NOT_ADD_UP", {
        data: { accountId: account.accountId, currency: account.currency },
      });
    }
    return {
      accountId: account.accountId,
      kind: account.kind,
      currency: account.currency,
      label: `${ACCOUNT_LABELS[account.kind] ?? account.kind} ${account.currency}`,
      opening: account.balance,
      lines,
      closing,
    };
  });
}

/** How a claimable transfer ended, as a statement of its sender names the money coming back. */
export type ClaimRelease = { status: "RETURNED" | "CANCELLED"; phone: string };

/**
 * The words of the history for an operation (the domain's phrases, the same as the app's); an
 * adjustment with its reason to the customer. A claimable send's money coming back has no history
 * row of its own (the send's row says it): `release` names it in customer words. Any other
 * operation without a row (a card payout's post, a reservation given back) reads its ledger
 * kind's phrase, never the code.
 */
export function describeEntry(
  row: (Pick<HistoryRow, "type" | "direction" | "counterparty"> & { details?: unknown }) | undefined,
  kind: string,
  release?: ClaimRelease,
) {
  if (!row) return release ? describeRelease(release) : ledgerOperationPhrase(kind);
  if (row.type === "ADJUSTMENT") {
    const reason = (row.details as { description?: string } | null)?.description;
    return reason ? `Balance adjustment: ${reason}` : "Balance adjustment";
  }
  const words = historyTypePhrase(row.type, row.direction);
  return row.counterparty ? `${words}, ${maskCounterparty(row.counterparty)}` : words;
}

function describeRelease(r: ClaimRelease): string {
  return r.status === "RETURNED"
    ? `Returned: ${r.phone} did not join in 7 days`
    : `Cancelled send to ${r.phone}`;
}

/**
 * A counterparty as a receipt may show it: what the history already masked stays as it is;
 * anything else keeps its first and last four characters.
 */
export function maskCounterparty(value: string): string {
  if (/[•*…]/.test(value) || value.length <= 8) return value;
  return `${value.slice(0, 4)}••••${value.slice(-4)}`;
}
