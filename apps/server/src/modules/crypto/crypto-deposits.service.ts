import { type CurrencyCode, isCurrencyCode, parseAmount } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import { checkAddress } from "../../providers/chain/address-validation.ts";
import { networkOf } from "../../providers/chain/chain-networks.ts";
import type { ChainNotification } from "../../providers/chain/chain-notification.ts";
import { type HistoryService, money, shortenAddress } from "../history/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { cryptoSql, type DepositRow } from "./crypto.repository.ts";
import type { DepositAddresses } from "./deposit-addresses.service.ts";

export type DepositEffect = "IGNORED" | "PENDING" | "CREDITED" | "ALREADY_CREDITED" | "FAILED";

/**
 * Payments arriving at deposit addresses. A deposit is PENDING (in the customer's history with
 * N of M confirmations) from the first notification, and credited once it has our required
 * confirmations: one ledger operation keyed by the chain output, so any number of repeated,
 * late or concurrent notifications credit it exactly once.
 */
export function createCryptoDeposits(deps: {
  db: ClientSource;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "ensureWallet">;
  addresses: Pick<DepositAddresses, "findOwner">;
  history: HistoryService;
  /** M for a currency whose network is configured (an EVM network's EVM_CONFIRMATIONS). */
  confirmationsOf?: (currency: CurrencyCode) => number | undefined;
}) {
  const { ledger, history } = deps;

  /** The deposit as recorded now; its history entry is written with the first sight of it. */
  async function record(n: ChainNotification, currency: CurrencyCode, amount: bigint) {
    const network = networkOf(currency);
    const address = network && checkAddress(network.chain, n.address);
    if (!network || network.chain !== n.chain || !address?.ok) return undefined;
    const owner = await deps.addresses.findOwner(network.chain, address.address);
    if (!owner) return undefined;
    return inTransaction(deps.db, async (c) => {
      const { deposit, created, revived } = await cryptoSql.upsertDeposit(c, {
        id: uuidv7(),
        merchantId: owner.merchantId,
        customerId: owner.customerId,
        chain: network.chain,
        currency,
        txHash: n.txHash,
        outputIndex: n.outputIndex,
        address: address.address,
        fromAddress: n.fromAddress,
        amount,
        confirmations: n.confirmations,
        blockNumber: n.block?.number ?? null,
        blockHash: n.block?.hash ?? null,
        // Our policy, not the notifier's claim, decides when money is credited.
        requiredConfirmations: deps.confirmationsOf?.(currency) ?? network.confirmations,
      });
      if (revived) {
        // Back in the chain after a reorganisation dropped it: pending again.
        await history.update(c, {
          merchantId: deposit.merchantId,
          operationId: deposit.id,
          status: "PENDING",
          details: { confirmations: deposit.confirmations },
        });
      } else if (created) {
        await history.record(c, [
          {
            merchantId: deposit.merchantId,
            customerId: deposit.customerId,
            operationId: deposit.id,
            type: "RECEIVE_CRYPTO",
            direction: "IN",
            status: "PENDING",
            currency,
            amount,
            fee: 0n,
            counterparty: deposit.fromAddress ? shortenAddress(deposit.fromAddress) : null,
            details: {
              fromAddress: deposit.fromAddress,
              toAddress: deposit.address,
              amount: money(amount, currency),
              txHash: deposit.txHash,
              network: network.network,
              confirmations: deposit.confirmations,
              requiredConfirmations: deposit.requiredConfirmations,
              internal: false,
            },
          },
        ]);
      } else if (deposit.status === "PENDING") {
        const details = { confirmations: Math.min(deposit.confirmations, deposit.requiredConfirmations) };
        await history.update(c, {
          merchantId: deposit.merchantId,
          operationId: deposit.id,
          details,
          whilePending: true,
        });
      }
      return deposit;
    });
  }

  async function credit(deposit: DepositRow, currency: CurrencyCode): Promise<DepositEffect> {
    const { merchantId, customerId } = deposit;
    await ledger.ensureHouseAccounts({ merchantId, currency });
    const wallet = await deps.wallets.ensureWallet(merchantId, customerId, currency);
    return inTransaction(deps.db, async (tx) => {
      const { replayed } = await ledger.apply(tx, {
        merchantId,
        idempotencyKey: `chain:deposit:${deposit.chain}:${deposit.txHash}:${deposit.outputIndex}`,
        // Another amount or address under the same output is refused (IDEMPOTENCY_MISMATCH).
        requestHash: `${deposit.address}:${currency}:${deposit.amount}`,
        kind: "payin_crypto",
        legs: [
          {
            debit: { house: "chain_hot_wallet" },
            credit: { accountId: wallet.id },
            amount: deposit.amount,
            currency,
          },
        ],
        metadata: { depositId: deposit.id, customerId, txHash: deposit.txHash, chain: deposit.chain },
        response: { depositId: deposit.id },
      });
      if (replayed) return "ALREADY_CREDITED";
      await cryptoSql.confirmDeposit(tx, merchantId, deposit.id, deposit.requiredConfirmations);
      await history.update(tx, {
        merchantId,
        operationId: deposit.id,
        status: "COMPLETED",
        details: { confirmations: deposit.requiredConfirmations },
      });
      return "CREDITED";
    });
  }

  /**
   * A reorganisation took the deposit's transaction out of the chain before it was credited:
   * DROPPED, and FAILED in the customer's history. A credited deposit is never touched (the
   * confirmations required must exceed the deepest reorganisation: docs/chains.md).
   */
  function drop(n: ChainNotification): Promise<DepositEffect> {
    return inTransaction(deps.db, async (tx) => {
      const dropped = await cryptoSql.dropDeposit(tx, n.chain, n.txHash, n.outputIndex);
      if (!dropped) return "IGNORED";
      await history.update(tx, {
        merchantId: dropped.merchantId,
        operationId: dropped.id,
        status: "FAILED",
        details: { failureReason: n.failureReason ?? "The transaction left the chain." },
        whilePending: true,
      });
      return "FAILED";
    });
  }

  return {
    /** PENDING and CONFIRMED count confirmations; FAILED: the transaction left the chain. */
    async onIncoming(n: ChainNotification): Promise<DepositEffect> {
      if (n.status === "FAILED") return drop(n);
      if (!isCurrencyCode(n.currency)) return "IGNORED";
      const parsed = parseAmount(n.amount, n.currency, { allowZero: false });
      if (!parsed.ok) return "IGNORED";
      const deposit = await record(n, n.currency, parsed.minor);
      if (!deposit) return "IGNORED";
      if (deposit.status === "CONFIRMED") return "ALREADY_CREDITED";
      if (deposit.status === "DROPPED") return "IGNORED";
      if (deposit.confirmations < deposit.requiredConfirmations) return "PENDING";
      return credit(deposit, n.currency);
    },
  };
}
