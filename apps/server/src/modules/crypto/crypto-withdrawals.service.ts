import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import { enqueueJobs } from "../../jobs/enqueue.ts";
import type { CurrencyNetwork } from "../../providers/chain/chain-networks.ts";
import type { ChainNotification } from "../../providers/chain/chain-notification.ts";
import { CHAIN_BROADCAST_TASK, type ChainProvider } from "../../providers/chain/chain-provider.ts";
import { type HistoryService, money, shortenAddress } from "../history/index.ts";
import {
  type Account,
  type LedgerService,
  type Leg,
  ledgerErrors,
  type OperationOutcome,
} from "../ledger/index.ts";
import { cryptoSql, type WithdrawalRow } from "./crypto.repository.ts";

/**
 * How long a withdrawal's reservation may wait for the chain. Long on purpose: if it expired
 * first, the customer would get back money that has left on the chain; the sandbox confirms in
 * minutes, a stuck withdrawal is an operator's matter well before a week.
 */
const RESERVATION_SECONDS = 7 * 24 * 3600;

export type WithdrawalRequest = {
  /** The withdrawal's id: also the ledger operation's, and the reference of its limit usage. */
  withdrawalId: string;
  merchantId: string;
  customerId: string;
  wallet: Account;
  network: CurrencyNetwork;
  toAddress: string;
  fromAddress: string | null;
  amount: bigint;
  networkFee: bigint;
  /** Our fees (transaction and fix): to fee income. */
  serviceFee: bigint;
  idempotencyKey: string;
  requestHash: string;
  sendConfirmation: boolean;
  /** What the caller recorded the customer's limit usage under: released if the chain fails it. */
  limitReference: string;
};

export type WithdrawalEffect = "IGNORED" | "PENDING" | "COMPLETED" | "FAILED" | "ALREADY_FINAL";

/** What settles a withdrawal: the chain's notification, or an operator's failure (no hash then). */
type Settlement = { txHash: string | null; confirmations: number; failureReason: string | null };

/**
 * Sends to outside addresses, two-phase: reserve amount and fees (pending transfers) and queue
 * the broadcast in one transaction; post them when the chain confirms, void them (a refund)
 * when it fails. Both ends are one idempotent ledger operation each.
 */
export function createCryptoWithdrawals(deps: {
  db: ClientSource;
  ledger: LedgerService;
  history: HistoryService;
  /** Asked again for a stuck withdrawal's state (docs/backoffice.md "Stuck payments"). */
  chain: Pick<ChainProvider, "withdrawalStatus">;
  /** When a withdrawal failed, in its refund's transaction: its usage of the customer's limits ends. */
  releaseLimit: (tx: Tx, merchantId: string, reference: string) => Promise<unknown>;
  /** M of a currency on its configured node; undefined: the product's network table's. */
  confirmationsOf?: (currency: CurrencyNetwork["currency"]) => number | undefined;
}) {
  const { ledger, history } = deps;

  async function settle(w: WithdrawalRow, n: Settlement, outcome: "COMPLETED" | "FAILED") {
    const pendings = [w.chainPendingId, ...(w.feePendingId ? [w.feePendingId] : [])];
    const legs: Leg[] = pendings.map((pendingId) =>
      outcome === "COMPLETED" ? { type: "post_pending", pendingId } : { type: "void_pending", pendingId },
    );
    const failureReason = outcome === "FAILED" ? (n.failureReason ?? "The network rejected it.") : null;
    try {
      return await inTransaction(deps.db, async (tx): Promise<WithdrawalEffect> => {
        const settled = await ledger.apply(tx, {
          merchantId: w.merchantId,
          idempotencyKey: `chain:withdrawal:${w.id}:settle`,
          requestHash: outcome,
          kind: outcome === "COMPLETED" ? "payout_crypto_confirm" : "payout_crypto_refund",
          legs,
          metadata: { withdrawalId: w.id, txHash: n.txHash },
          response: { withdrawalId: w.id, status: outcome },
        });
        // Settled so before (a repeat, or a concurrent settle that won): nothing more moves.
        if (settled.replayed) return "ALREADY_FINAL";
        const confirmations =
          outcome === "COMPLETED" ? Math.max(n.confirmations, w.requiredConfirmations) : 0;
        await cryptoSql.finishWithdrawal(tx, {
          id: w.id,
          status: outcome,
          txHash: n.txHash,
          confirmations,
          failureReason,
        });
        await history.update(tx, {
          merchantId: w.merchantId,
          operationId: w.id,
          status: outcome,
          details: { txHash: n.txHash, confirmations, failureReason },
        });
        // A refund gives the customer's limit back with the money.
        if (outcome === "FAILED") await deps.releaseLimit(tx, w.merchantId, w.limitReference);
        return outcome;
      });
    } catch (err) {
      // Settled the other way already (a contradicting notification): the first outcome stands.
      if (ledgerErrors.is(err, "IDEMPOTENCY_MISMATCH")) return "ALREADY_FINAL";
      throw err;
    }
  }

  return {
    /**
     * Reserves the money and queues the broadcast, in the caller's transaction; the answer (stored
     * for replays) is PENDING. The merchant's house accounts of the currency must exist already.
     */
    async start(tx: Tx, r: WithdrawalRequest): Promise<OperationOutcome> {
      const { merchantId, network } = r;
      const currency = network.currency;
      const requiredConfirmations = deps.confirmationsOf?.(currency) ?? network.confirmations;
      const dec = (minor: bigint) => toDecimalString(minor, currency);
      const { withdrawalId } = r;
      const chainPendingId = uuidv7();
      const feePendingId = r.serviceFee > 0n ? uuidv7() : null;
      const pending = { timeoutSeconds: RESERVATION_SECONDS };
      const from = { accountId: r.wallet.id };
      // The hot wallet pays amount and network fee on the chain; our own fees are income.
      const legs: Leg[] = [
        {
          id: chainPendingId,
          debit: from,
          credit: { house: "chain_hot_wallet" },
          amount: r.amount + r.networkFee,
          currency,
          pending,
        },
        ...(feePendingId
          ? [
              {
                id: feePendingId,
                debit: from,
                credit: { house: "fee_income" as const },
                amount: r.serviceFee,
                currency,
                pending,
              },
            ]
          : []),
      ];
      const fee = r.networkFee + r.serviceFee;
      const outcome = await ledger.apply(tx, {
        merchantId,
        operationId: withdrawalId,
        idempotencyKey: r.idempotencyKey,
        requestHash: r.requestHash,
        kind: "payout_crypto",
        legs,
        metadata: { customerId: r.customerId, toAddress: r.toAddress, amount: dec(r.amount), currency },
        response: {
          statusCode: 200,
          body: {
            txId: withdrawalId,
            sequenceId: chainPendingId,
            fee: dec(fee),
            internal: false,
            sendConfirmation: r.sendConfirmation,
            amount: dec(r.amount),
            currency,
            recipient: shortenAddress(r.toAddress),
            status: "PENDING",
            createdAt: new Date().toISOString(),
          },
        },
      });
      if (outcome.replayed) return outcome;
      await enqueueJobs(tx, [
        {
          task: CHAIN_BROADCAST_TASK,
          jobKey: `chain_broadcast:${withdrawalId}`,
          payload: {
            reference: withdrawalId,
            chain: network.chain,
            currency,
            toAddress: r.toAddress,
            amount: r.amount.toString(),
            networkFee: r.networkFee.toString(),
          },
        },
      ]);
      await cryptoSql.insertWithdrawal(tx, {
        id: withdrawalId,
        merchantId,
        customerId: r.customerId,
        chain: network.chain,
        currency,
        toAddress: r.toAddress,
        amount: r.amount,
        networkFee: r.networkFee,
        serviceFee: r.serviceFee,
        chainPendingId,
        feePendingId,
        limitReference: r.limitReference,
        requiredConfirmations,
      });
      await history.record(tx, [
        {
          merchantId,
          customerId: r.customerId,
          operationId: withdrawalId,
          type: "SEND_TO_WALLET",
          direction: "OUT",
          status: "PENDING",
          currency,
          amount: r.amount,
          fee,
          counterparty: shortenAddress(r.toAddress),
          details: {
            fromAddress: r.fromAddress,
            toAddress: r.toAddress,
            debitAmount: money(r.amount + fee, currency),
            creditAmount: money(r.amount, currency),
            feeAmount: money(fee, currency),
            networkFee: money(r.networkFee, currency),
            txHash: null,
            network: network.network,
            internal: false,
            confirmations: 0,
            requiredConfirmations,
            failureReason: null,
          },
        },
      ]);
      return outcome;
    },

    /** What the chain says about one of our withdrawals (by its reference). */
    onOutgoing,

    /** The merchant's withdrawals PENDING since before `before`, oldest first (stuck payments). */
    pendingBefore: (merchantId: string, before: Date, limit: number) =>
      deps.db.withClient((c) => cryptoSql.pendingWithdrawalsBefore(c, merchantId, before, limit)),

    /**
     * An operator asks the chain again: its answer is applied as its notification would be (a
     * confirmed one completes, a failed one is refunded). UNANSWERED: the provider has no lookup.
     */
    async askAgain(merchantId: string, id: string): Promise<WithdrawalEffect | "NOT_FOUND" | "UNANSWERED"> {
      const w = await deps.db.withClient((c) => cryptoSql.withdrawalOf(c, merchantId, id));
      if (!w) return "NOT_FOUND";
      if (w.status !== "PENDING") return "ALREADY_FINAL";
      const n = await deps.chain.withdrawalStatus?.(w.currency as CurrencyCode, w.id);
      return n ? onOutgoing(n) : "UNANSWERED";
    },

    /**
     * An operator fails a stuck withdrawal: the same refund as the chain's failure, under the
     * same ledger key, so a second fail, or a fail racing the chain's notification, settles once
     * (the first outcome stands: ALREADY_FINAL for the other).
     */
    async fail(merchantId: string, id: string, reason: string): Promise<WithdrawalEffect | "NOT_FOUND"> {
      const w = await deps.db.withClient((c) => cryptoSql.withdrawalOf(c, merchantId, id));
      if (!w) return "NOT_FOUND";
      if (w.status !== "PENDING") return "ALREADY_FINAL";
      return settle(w, { txHash: w.txHash, confirmations: 0, failureReason: reason }, "FAILED");
    },
  };

  async function onOutgoing(n: ChainNotification): Promise<WithdrawalEffect> {
    const id = n.reference;
    if (!id || !/^[0-9a-f-]{36}$/.test(id)) return "IGNORED";
    const w = await deps.db.withClient((c) => cryptoSql.findWithdrawal(c, id));
    if (!w || w.chain !== n.chain || w.currency !== n.currency) return "IGNORED";
    if (w.status !== "PENDING") return "ALREADY_FINAL";
    if (n.status === "FAILED") return settle(w, n, "FAILED");
    if (n.status === "CONFIRMED" && n.confirmations >= w.requiredConfirmations)
      return settle(w, n, "COMPLETED");
    const confirmations = Math.min(n.confirmations, w.requiredConfirmations);
    await inTransaction(deps.db, async (c) => {
      await cryptoSql.progressWithdrawal(c, w.id, n.txHash, confirmations);
      const details = { txHash: n.txHash, confirmations };
      await history.update(c, {
        merchantId: w.merchantId,
        operationId: w.id,
        details,
        whilePending: true,
      });
    });
    return "PENDING";
  }
}

export type CryptoWithdrawals = ReturnType<typeof createCryptoWithdrawals>;
