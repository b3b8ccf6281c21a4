import type { CurrencyCode } from "@kestrel/money";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import type { HistoryService } from "../history/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import { elapsedDays } from "./deposit-accrual.ts";
import { createDepositPayments } from "./deposit-payments.ts";
import { depositsSql } from "./deposits.repository.ts";

export type SettleOutcome = "nothing_due" | "accrued" | "matured" | "not_open";

/**
 * The worker's use-cases (jobs/deposit-jobs.ts). `settleDeposit` at instant `at`: interest
 * accrued through the whole days elapsed and, at expiry, the payout of principal and all the
 * interest to the wallet. One transaction with the deposit's row locked; keys derived from the
 * deposit and the days (`deposit:<id>:accrue:<from>-<to>`, `deposit:<id>:mature`), so a job
 * that runs twice, or again after a crash, moves nothing twice.
 */
export function createDepositSettlement(deps: {
  db: ClientSource;
  ledger: LedgerService;
  history: Pick<HistoryService, "record">;
}) {
  const payments = createDepositPayments(deps);

  async function settleDeposit(q: {
    merchantId: string;
    depositId: string;
    at: Date;
  }): Promise<SettleOutcome> {
    // The wallet to pay into is found on the pool, before the transaction.
    const found = await deps.db.withClient((c) => depositsSql.read(c, q.merchantId, q.depositId));
    if (found?.status !== "OPEN") return "not_open";
    const wallet = await deps.ledger.findCustomerWallet({
      merchantId: q.merchantId,
      ownerId: found.customerId,
      currency: found.currency as CurrencyCode,
    });
    if (!wallet) throw new Error(`deposit ${found.id}: the customer's ${found.currency} wallet is gone`);
    return inTransaction(deps.db, async (tx) => {
      const locked = await depositsSql.lock(tx, q.merchantId, q.depositId);
      if (locked?.status !== "OPEN") return "not_open";
      const day = elapsedDays(locked.openedAt, q.at, locked.termDays);
      const d = await payments.accrue(tx, locked, day, q.at);
      if (q.at < d.expiresAt) return d.accruedDays > locked.accruedDays ? "accrued" : "nothing_due";
      await payments.payOut(tx, d, {
        walletId: wallet.id,
        withInterest: true,
        status: "MATURED",
        idempotencyKey: `deposit:${d.id}:mature`,
        requestHash: `deposit-mature:${d.id}`,
        at: q.at,
        response: (paid) => ({ depositId: d.id, paidInterest: String(paid) }),
      });
      return "matured";
    });
  }

  return {
    payments,
    settleDeposit,

    /** Settles every deposit with interest or a payout due at `at`, each in its own transaction. */
    async settleDue(at: Date, batch = 200): Promise<number> {
      let settled = 0;
      for (;;) {
        const due = await deps.db.withClient((c) => depositsSql.due(c, at, batch));
        for (const d of due) await settleDeposit({ merchantId: d.merchantId, depositId: d.id, at });
        settled += due.length;
        if (due.length < batch) return settled;
      }
    },
  };
}
