import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import type { Json } from "../../db/json.ts";
import type { Tx } from "../../db/transaction.ts";
import { type HistoryService, money } from "../history/index.ts";
import type { LedgerService, Leg } from "../ledger/index.ts";
import { accrualBetween } from "./deposit-accrual.ts";
import { type DepositRow, depositsSql } from "./deposits.repository.ts";

/**
 * The money moves of a deposit after its opening, each inside the caller's transaction with the
 * deposit's row locked (deposits.repository `lock`): interest accrued up to a day, and the payout
 * of principal and interest at a close or at maturity.
 */
export function createDepositPayments(deps: {
  ledger: Pick<LedgerService, "apply">;
  history: Pick<HistoryService, "record">;
}) {
  /**
   * Credits the interest of days (accruedDays, toDay] from the merchant's interest expense, once:
   * the key names the deposit and the days, and the locked row says how far it got. A span whose
   * interest rounds to 0 still advances the days (the remainder is carried, docs/earn.md).
   */
  async function accrue(tx: Tx, d: DepositRow, toDay: number, at: Date): Promise<DepositRow> {
    if (toDay <= d.accruedDays) return d;
    const amount = accrualBetween(d.principal, d.rateBp, d.accruedDays, toDay);
    const interest = d.accruedInterest + amount;
    if (amount > 0n) {
      const operationId = uuidv7();
      const span = `${d.accruedDays}-${toDay}`;
      const { replayed } = await deps.ledger.apply(tx, {
        merchantId: d.merchantId,
        operationId,
        idempotencyKey: `deposit:${d.id}:accrue:${span}`,
        requestHash: `deposit-accrue:${d.id}:${span}`,
        kind: "deposit_interest",
        legs: [
          {
            debit: { house: "interest_expense" },
            credit: { accountId: d.interestAccountId },
            amount,
            currency: d.currency as CurrencyCode,
          },
        ],
        metadata: { depositId: d.id, fromDay: d.accruedDays, toDay },
        response: {
          statusCode: 200,
          body: { depositId: d.id, amount: toDecimalString(amount, d.currency as CurrencyCode) },
        },
      });
      // The row is locked and says the days are not accrued: a stored key would mean the ledger
      // and the deposit disagree, which no retry can mend.
      if (replayed) throw new Error(`deposit ${d.id}: days ${span} were accrued but not recorded`);
      await depositsSql.insertEvent(tx, {
        id: uuidv7(),
        merchantId: d.merchantId,
        depositId: d.id,
        operationId,
        kind: "INTEREST",
        amount,
        fromDay: d.accruedDays,
        toDay,
        createdAt: at,
      });
    }
    await depositsSql.recordAccrual(tx, { merchantId: d.merchantId, id: d.id, toDay, interest });
    return { ...d, accruedDays: toDay, accruedInterest: interest };
  }

  /**
   * Pays the deposit out to the customer's wallet: the principal, and the accrued interest when
   * `withInterest` (FLEX, or maturity); otherwise the interest goes back to the merchant's
   * interest expense (FIX closed early, spec §4). Nothing is stored past a replay.
   */
  async function payOut(
    tx: Tx,
    d: DepositRow,
    p: {
      walletId: string;
      withInterest: boolean;
      status: "CLOSED" | "MATURED";
      idempotencyKey: string;
      requestHash: string;
      at: Date;
      response: (paidInterest: bigint) => Json;
    },
  ) {
    const currency = d.currency as CurrencyCode;
    const paidInterest = p.withInterest ? d.accruedInterest : 0n;
    const legs: Leg[] = [
      {
        debit: { accountId: d.principalAccountId },
        credit: { accountId: p.walletId },
        amount: d.principal,
        currency,
      },
    ];
    if (d.accruedInterest > 0n) {
      const to = p.withInterest ? { accountId: p.walletId } : { house: "interest_expense" as const };
      legs.push({
        debit: { accountId: d.interestAccountId },
        credit: to,
        amount: d.accruedInterest,
        currency,
      });
    }
    const operationId = uuidv7();
    const outcome = await deps.ledger.apply(tx, {
      merchantId: d.merchantId,
      operationId,
      idempotencyKey: p.idempotencyKey,
      requestHash: p.requestHash,
      kind: p.status === "MATURED" ? "deposit_mature" : "deposit_close",
      legs,
      metadata: { depositId: d.id, customerId: d.customerId },
      response: { statusCode: 200, body: p.response(paidInterest) },
    });
    if (outcome.replayed) return outcome;
    const total = d.principal + paidInterest;
    await depositsSql.close(tx, {
      merchantId: d.merchantId,
      id: d.id,
      status: p.status,
      at: p.at,
      paidInterest,
    });
    await depositsSql.insertEvent(tx, {
      id: uuidv7(),
      merchantId: d.merchantId,
      depositId: d.id,
      operationId,
      kind: p.status,
      amount: total,
      fromDay: null,
      toDay: null,
      createdAt: p.at,
    });
    await deps.history.record(tx, [
      {
        merchantId: d.merchantId,
        customerId: d.customerId,
        operationId,
        type: "DEPOSIT_CLOSE",
        direction: "IN",
        status: "COMPLETED",
        currency,
        amount: total,
        fee: 0n,
        counterparty: null,
        details: {
          depositId: d.id,
          productType: d.productType,
          months: d.months,
          amount: money(total, currency),
          principal: money(d.principal, currency),
          profit: money(paidInterest, currency),
        },
      },
    ]);
    return outcome;
  }

  return { accrue, payOut };
}

export type DepositPayments = ReturnType<typeof createDepositPayments>;
