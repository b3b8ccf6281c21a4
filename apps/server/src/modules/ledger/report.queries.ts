import { CUSTOMER_ACCOUNT_KINDS } from "../../db/schema/ledger.ts";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import type { AccountKind } from "./ledger.types.ts";
import { requireMerchantId } from "./legs.ts";
import {
  customerBalancesBeforeSql,
  type DailyMovement,
  dailyActiveCustomersSql,
  dailyMovementsSql,
  houseBalancesSql,
} from "./report.repository.ts";

export type { DailyMovement } from "./report.repository.ts";

/** The ledger's figures of [from, to), a window of whole UTC days of a longer range. */
export type DailyFiguresBatch = {
  from: Date;
  to: Date;
  /** What the customers held per currency at `from` (posted). */
  opening: Map<string, bigint>;
  movements: DailyMovement[];
  activeCustomers: { day: string; currency: string; customers: number }[];
};

const DAY_MS = 86_400_000;
const customerKinds = new Set<AccountKind>(CUSTOMER_ACCOUNT_KINDS);
const isCustomerKind = (kind: AccountKind) => customerKinds.has(kind);

/** Reports of ledger figures: aggregated by the database, within one merchant (or the ones named). */
export function createLedgerReports(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    /**
     * A merchant's posted figures of [from, to) by UTC day, handed to `onBatch` `batchDays` days
     * at a time, so a range of years never sits in memory. All batches are read in one
     * repeatable-read snapshot: a payment committing meanwhile cannot make one batch's closing
     * balance disagree with the next one's opening.
     */
    async dailyFigures(
      input: { merchantId: string; from: Date; to: Date; batchDays: number },
      onBatch: (batch: DailyFiguresBatch) => Promise<void>,
    ): Promise<void> {
      requireMerchantId(input.merchantId);
      const { merchantId } = input;
      const step = Math.max(1, Math.floor(input.batchDays)) * DAY_MS;
      await inTransaction(db, async (tx) => {
        await tx.query("set transaction isolation level repeatable read, read only");
        let opening = await customerBalancesBeforeSql(tx, merchantId, input.from);
        for (let start = input.from.getTime(); start < input.to.getTime(); start += step) {
          const from = new Date(start);
          const to = new Date(Math.min(start + step, input.to.getTime()));
          const movements = await dailyMovementsSql(tx, merchantId, from, to);
          const activeCustomers = await dailyActiveCustomersSql(tx, merchantId, from, to);
          await onBatch({ from, to, opening, movements, activeCustomers });
          opening = closingOf(opening, movements);
        }
      });
    },

    /** House accounts' posted balances and open reservations (shards summed) of the merchants named. */
    houseBalances(input: { merchantIds: string[] }) {
      for (const id of input.merchantIds) requireMerchantId(id);
      return db.withClient((c) => houseBalancesSql(c, input.merchantIds));
    },
  };
}

/** The customers' balances after `movements`: what reached their accounts less what left them. */
function closingOf(opening: Map<string, bigint>, movements: DailyMovement[]): Map<string, bigint> {
  const closing = new Map(opening);
  for (const m of movements) {
    const net =
      (isCustomerKind(m.creditKind) ? m.amount : 0n) - (isCustomerKind(m.debitKind) ? m.amount : 0n);
    if (net !== 0n) closing.set(m.currency, (closing.get(m.currency) ?? 0n) + net);
  }
  return closing;
}
