import type { CurrencyCode } from "@kestrel/money";
import { createMoneyFrame, keyOf } from "../../app/money-use-case.ts";
import type { ClientSource } from "../../db/transaction.ts";
import type { AuthService, VerifiedClaims } from "../auth/index.ts";
import type { LedgerService, OperationOutcome } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import type { RatesService } from "../rates/index.ts";
import { elapsedDays } from "./deposit-accrual.ts";
import type { DepositsGuard } from "./deposit-guard.ts";
import type { DepositPayments } from "./deposit-payments.ts";
import { inFiat, toDepositView } from "./deposit-views.ts";
import { depositErrors } from "./deposits.errors.ts";
import { depositsSql } from "./deposits.repository.ts";

export type CloseDepositInput = {
  merchant: Merchant;
  customer: Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId">;
  depositId: string;
  idempotencyKey: string;
  requestHash: string;
};

/**
 * POST /v1/deposits/{depositId}/close (spec §4): FLEX returns the principal with the profit to
 * date, FIX closed early the principal without profit (its accrued interest goes back to the
 * merchant). Interest due up to today is accrued first, in the same transaction; a close at or
 * after expiry is the maturity, paying everything. The deposit's row is locked before the
 * ledger's accounts, as the worker does.
 */
export function createCloseDeposit(deps: {
  db: ClientSource;
  auth: Pick<AuthService, "requireLiveSession">;
  guard: DepositsGuard;
  ledger: Pick<LedgerService, "findStoredOutcome" | "findCustomerWallet">;
  rates: RatesService;
  payments: DepositPayments;
  now: () => Date;
}) {
  const frame = createMoneyFrame(deps);
  return async function closeDeposit(input: CloseDepositInput): Promise<OperationOutcome> {
    const { merchant, customer } = input;
    return frame({
      session: customer,
      key: keyOf(merchant.id, input),
      // A retry of a close that went through gets its answer, not DEPOSIT_ALREADY_CLOSED.
      replayFirst: true,
      prepare: async () => {
        await deps.guard(merchant.id, customer.customerId);
        const scope = { merchantId: merchant.id, customerId: customer.customerId, id: input.depositId };
        const found = await deps.db.withClient((c) => depositsSql.find(c, scope));
        if (!found) throw depositErrors.create("DEPOSIT_NOT_FOUND");
        const wallet = await deps.ledger.findCustomerWallet({
          merchantId: merchant.id,
          ownerId: customer.customerId,
          currency: found.currency as CurrencyCode,
        });
        if (!wallet) throw new Error(`deposit ${found.id}: the customer's ${found.currency} wallet is gone`);
        return { found, wallet };
      },
      move: async (tx, { found, wallet }) => {
        const locked = await depositsSql.lock(tx, merchant.id, found.id);
        if (!locked || locked.customerId !== customer.customerId)
          throw depositErrors.create("DEPOSIT_NOT_FOUND");
        if (locked.status !== "OPEN") throw depositErrors.create("DEPOSIT_ALREADY_CLOSED");
        const at = deps.now();
        const d = await deps.payments.accrue(
          tx,
          locked,
          elapsedDays(locked.openedAt, at, locked.termDays),
          at,
        );
        const matured = at >= d.expiresAt;
        return deps.payments.payOut(tx, d, {
          walletId: wallet.id,
          withInterest: matured || d.productType === "FLEX",
          status: matured ? "MATURED" : "CLOSED",
          idempotencyKey: input.idempotencyKey,
          requestHash: input.requestHash,
          at,
          response: (paidInterest) => {
            const closed = {
              ...d,
              status: matured ? ("MATURED" as const) : ("CLOSED" as const),
              closedAt: at,
              paidInterest,
            };
            const worth = d.principal + paidInterest;
            const fiat = merchant.fiatCurrency;
            return toDepositView(closed, {
              currency: fiat,
              value: inFiat(deps.rates, worth, d.currency, fiat),
            });
          },
        });
      },
    });
  };
}
