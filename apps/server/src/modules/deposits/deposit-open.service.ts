import { v7 as uuidv7 } from "uuid";
import { createMoneyFrame, keyOf } from "../../app/money-use-case.ts";
import type { DepositProductType } from "../../db/schema/index.ts";
import type { ClientSource } from "../../db/transaction.ts";
import { parseOfferedAmount } from "../../http/amount-input.ts";
import { enqueueJobs } from "../../jobs/enqueue.ts";
import type { AuthService, VerifiedClaims } from "../auth/index.ts";
import { type HistoryService, money } from "../history/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { LedgerService, OperationOutcome } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import type { RatesService } from "../rates/index.ts";
import { termOf } from "./deposit-accrual.ts";
import type { DepositsGuard } from "./deposit-guard.ts";
import { requireWithinTerm } from "./deposit-input.ts";
import { inFiat, toDepositView } from "./deposit-views.ts";
import { depositErrors } from "./deposits.errors.ts";
import { type DepositRow, type DepositsRepository, depositsSql } from "./deposits.repository.ts";

/** The worker's task that accrues a deposit's interest and pays it out at expiry. */
export const DEPOSIT_SETTLE_TASK = "deposit_settle";

export type OpenDepositInput = {
  merchant: Merchant;
  customer: Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId">;
  currency: string;
  productType: DepositProductType;
  months: number;
  amount: string;
  idempotencyKey: string;
  requestHash: string;
};

/**
 * DEPOSITS: the principal moves from the customer's wallet of the currency to a deposit account
 * of its own, once per key, within the catalog's switch and the customer's KYC limits. One
 * transaction: the session, the limit, the money, the deposit, its first event and the history.
 */
export function createOpenDeposit(deps: {
  db: ClientSource;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  history: Pick<HistoryService, "record">;
  kyc: Pick<KycService, "prepare">;
  guard: DepositsGuard;
  rates: RatesService;
  repository: Pick<DepositsRepository, "listOfferedTemplates">;
  now: () => Date;
}) {
  const { ledger } = deps;
  const frame = createMoneyFrame(deps);

  return async function openDeposit(input: OpenDepositInput): Promise<OperationOutcome> {
    const { merchant, customer } = input;
    const { currency, amount } = parseOfferedAmount(merchant, input.currency, input.amount);
    const templates = await deps.repository.listOfferedTemplates(merchant.id);
    const template = templates.find(
      (t) => t.currency === currency && t.productType === input.productType && t.months === input.months,
    );
    if (!template) throw depositErrors.create("TERM_NOT_OFFERED", { field: "months" });
    requireWithinTerm(template, currency, amount);
    return frame({
      session: customer,
      key: keyOf(merchant.id, input),
      // A retry of an opening that went through gets its answer before any account is opened again.
      replayFirst: true,
      insufficientFunds: () => depositErrors.create("INSUFFICIENT_FUNDS", { field: "amount" }),
      prepare: async () => {
        // The catalog's switch and the KYC level first (503, 403), then the limits and the balance.
        await deps.guard(merchant.id, customer.customerId);
        const fiat = merchant.fiatCurrency;
        const fiatValue = inFiat(deps.rates, amount, currency, fiat);
        const limit = await deps.kyc.prepare({
          merchantId: merchant.id,
          customerId: customer.customerId,
          operationType: "DEPOSITS",
          // Dust worth less than a cent is still an operation: it counts as the smallest unit.
          amountInFiatMinor: fiatValue > 0n ? fiatValue : 1n,
        });
        const wallet = await ledger.findCustomerWallet({
          merchantId: merchant.id,
          ownerId: customer.customerId,
          currency,
        });
        if (!wallet || wallet.available < amount)
          throw depositErrors.create("INSUFFICIENT_FUNDS", { field: "amount" });
        // Accounts are opened on the pool, before the transaction (it never waits for a second
        // connection). A refusal after this leaves two empty accounts that nothing refers to.
        await ledger.ensureHouseAccounts({ merchantId: merchant.id, currency });
        const account = (kind: "deposit_principal" | "deposit_interest") =>
          ledger.openCustomerAccount({
            merchantId: merchant.id,
            ownerId: customer.customerId,
            kind,
            currency,
          });
        const principalAccount = await account("deposit_principal");
        const interestAccount = await account("deposit_interest");
        const openedAt = deps.now();
        const { expiresAt, termDays } = termOf(openedAt, template.months);
        const deposit: DepositRow = {
          id: uuidv7(),
          merchantId: merchant.id,
          customerId: customer.customerId,
          currency,
          productType: template.productType,
          months: template.months,
          rateBp: template.rateBp,
          minAmount: template.minAmount,
          maxAmount: template.maxAmount,
          principal: amount,
          principalAccountId: principalAccount.id,
          interestAccountId: interestAccount.id,
          openedAt,
          expiresAt,
          termDays,
          accruedDays: 0,
          accruedInterest: 0n,
          status: "OPEN",
          closedAt: null,
          paidInterest: null,
        };
        const operationId = uuidv7();
        const view = toDepositView(deposit, { currency: fiat, value: fiatValue });
        return { limit, wallet, principalAccount, deposit, operationId, view, openedAt, expiresAt };
      },
      limit: (p) => ({ limit: p.limit, reference: input.idempotencyKey }),
      move: (tx, { wallet, principalAccount, deposit, operationId, view }) =>
        ledger.apply(tx, {
          merchantId: merchant.id,
          operationId,
          idempotencyKey: input.idempotencyKey,
          requestHash: input.requestHash,
          kind: "deposit_open",
          legs: [
            { debit: { accountId: wallet.id }, credit: { accountId: principalAccount.id }, amount, currency },
          ],
          metadata: { depositId: deposit.id, customerId: customer.customerId },
          response: { statusCode: 200, body: view },
        }),
      record: async (tx, { deposit, operationId, openedAt, expiresAt }) => {
        // Interest accrues daily (the worker's daily sweep); this job pays out at expiry.
        await enqueueJobs(tx, [
          {
            task: DEPOSIT_SETTLE_TASK,
            payload: { merchantId: merchant.id, depositId: deposit.id },
            runAt: expiresAt,
            jobKey: `deposit-settle:${deposit.id}`,
          },
        ]);
        await depositsSql.insert(tx, deposit);
        await depositsSql.insertEvent(tx, {
          id: uuidv7(),
          merchantId: merchant.id,
          depositId: deposit.id,
          operationId,
          kind: "OPENED",
          amount,
          fromDay: null,
          toDay: null,
          createdAt: openedAt,
        });
        await deps.history.record(tx, [
          {
            merchantId: merchant.id,
            customerId: customer.customerId,
            operationId,
            type: "DEPOSIT_OPEN",
            direction: "OUT",
            status: "COMPLETED",
            currency,
            amount,
            fee: 0n,
            counterparty: null,
            details: {
              depositId: deposit.id,
              productType: deposit.productType,
              months: deposit.months,
              amount: money(amount, currency),
              principal: money(amount, currency),
              profit: money(0n, currency),
            },
          },
        ]);
      },
    });
  };
}
