import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import type { HistoryService } from "../history/index.ts";
import type { LedgerService, OperationOutcome } from "../ledger/index.ts";
import type { WalletsService } from "../wallets/index.ts";

export type SandboxCreditInput = {
  merchantId: string;
  customerId: string;
  currency: CurrencyCode;
  /** Minor units of `currency`, positive. */
  amount: bigint;
  idempotencyKey: string;
  requestHash: string;
};

/**
 * The sandbox faucet's use-case: money arrives in a customer's wallet from the merchant's chain
 * hot wallet, through the ledger like any deposit, and in their history as a test credit, in one
 * transaction (idempotent, all or nothing).
 */
export function createSandboxCredit(deps: {
  db: ClientSource;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "ensureWallet">;
  history: Pick<HistoryService, "record">;
}) {
  return {
    async credit(input: SandboxCreditInput): Promise<OperationOutcome> {
      const { merchantId, customerId, currency } = input;
      const wallet = await deps.wallets.ensureWallet(merchantId, customerId, currency);
      await deps.ledger.ensureHouseAccounts({ merchantId, currency });
      const amount = toDecimalString(input.amount, currency);
      const operationId = uuidv7();
      return inTransaction(deps.db, async (tx) => {
        const outcome = await deps.ledger.apply(tx, {
          merchantId,
          operationId,
          idempotencyKey: input.idempotencyKey,
          requestHash: input.requestHash,
          kind: "sandbox_credit",
          legs: [
            {
              debit: { house: "chain_hot_wallet" },
              credit: { accountId: wallet.id },
              amount: input.amount,
              currency,
            },
          ],
          metadata: { customerId, amount, currency },
          response: { statusCode: 200, body: { operationId, amount, currency } },
        });
        if (outcome.replayed) return outcome;
        await deps.history.record(tx, [
          {
            merchantId,
            customerId,
            operationId,
            type: "TEST_CREDIT",
            direction: "IN",
            status: "COMPLETED",
            currency,
            amount: input.amount,
            fee: 0n,
            counterparty: null,
            details: { amount: { value: amount, currency }, source: "SANDBOX_FAUCET" },
          },
        ]);
        return outcome;
      });
    },
  };
}
