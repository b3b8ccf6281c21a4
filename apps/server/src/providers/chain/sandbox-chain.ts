import { randomBytes } from "node:crypto";
import { type CurrencyCode, parseAmount, toDecimalString } from "@kestrel/money";
import type { Chain } from "./chain-networks.ts";
import { networkOf } from "./chain-networks.ts";
import {
  type ChainNotification,
  type DeliverNotification,
  signChainNotification,
} from "./chain-notification.ts";
import type { WithdrawalOrder } from "./chain-provider.ts";
import { type SandboxTxRow, type SqlSource, sandboxChainSql as sql } from "./sandbox-chain.repository.ts";

/** What the simulated networks charge per withdrawal (decimal, in the currency itself). */
const NETWORK_FEES: Partial<Record<CurrencyCode, string>> = {
  BTC: "0.00002",
  ETH: "0.00042",
  USDT: "2.5",
  USDC: "2.5",
  DAI: "2.5",
  LTC: "0.0001",
  TRX: "1.1",
};

/**
 * Magic test inputs (docs/crypto-wallets.md): a withdrawal fails on the chain, and is refunded,
 * when its amount in minor units ends in 666 (0.00100666 BTC, 1.000666 USDT) or its address
 * ends in "dead" in any case (0x000000000000000000000000000000000000dEaD).
 */
function failsOnSandboxChain(tx: { amount: bigint; address: string }): boolean {
  return tx.amount % 1000n === 666n || tx.address.toLowerCase().endsWith("dead");
}

export type SandboxChain = ReturnType<typeof createSandboxChain>;

/**
 * The sandbox chain: accepts test payments to any address and broadcast withdrawals, counts
 * each transaction's confirmations on a clock (`secondsPerConfirmation` from its creation, so a
 * repeated or late tick changes nothing) and tells the server by signed notifications.
 * Ticks are worker jobs (run_at), so any worker instance can run them.
 */
export function createSandboxChain(deps: {
  db: SqlSource;
  secondsPerConfirmation: number;
  callbackSecret: string;
}) {
  const { db } = deps;

  return {
    networkFee(currency: CurrencyCode): bigint {
      const fee = NETWORK_FEES[currency];
      const parsed = fee === undefined ? undefined : parseAmount(fee, currency);
      if (!parsed?.ok) throw new Error(`no network fee for ${currency}`);
      return parsed.minor;
    },

    /** A payment from somewhere outside to `address` (any valid address of the currency's chain). */
    async receiveTestDeposit(p: {
      currency: CurrencyCode;
      address: string;
      amount: bigint;
      fromAddress?: string;
    }): Promise<SandboxTxRow> {
      const network = networkOf(p.currency);
      if (!network) throw new Error(`${p.currency} has no chain`);
      return db.withClient(async (c) => {
        const row = await sql.insert(c, {
          txHash: newTxHash(network.chain),
          chain: network.chain,
          currency: p.currency,
          direction: "IN",
          address: p.address,
          fromAddress: p.fromAddress ?? null,
          amount: p.amount,
          networkFee: 0n,
          requiredConfirmations: network.confirmations,
          reference: null,
        });
        await sql.scheduleTick(c, row.txHash, null);
        return row;
      });
    },

    async broadcastWithdrawal(order: WithdrawalOrder): Promise<{ txHash: string }> {
      const network = networkOf(order.currency);
      if (!network) throw new Error(`${order.currency} has no chain`);
      return db.withClient(async (c) => {
        const row = await sql.insert(c, {
          txHash: newTxHash(order.chain),
          chain: order.chain,
          currency: order.currency,
          direction: "OUT",
          address: order.toAddress,
          fromAddress: null,
          amount: order.amount,
          networkFee: order.networkFee,
          requiredConfirmations: network.confirmations,
          reference: order.reference,
        });
        await sql.scheduleTick(c, row.txHash, null);
        return { txHash: row.txHash };
      });
    },

    /**
     * The console's "move the clock": `confirmations` more blocks for a pending transaction
     * now, and a tick to tell the server. False when it is unknown or final.
     */
    async advance(txHash: string, confirmations: number): Promise<boolean> {
      const seconds = confirmations * Math.max(deps.secondsPerConfirmation, 1);
      return db.withClient(async (c) => {
        if (!(await sql.shiftStart(c, txHash, seconds))) return false;
        await sql.scheduleTick(c, txHash, null);
        return true;
      });
    },

    /**
     * A withdrawal's state now by our reference, from the chain's own records, as a custody API's
     * GET answers (an operator's "ask again"); null when it was never broadcast.
     */
    async withdrawalStatus(_currency: CurrencyCode, reference: string): Promise<ChainNotification | null> {
      const row = await db.withClient((c) => sql.findByReference(c, reference));
      return row ? notificationOf(row, stateAt(row, deps.secondsPerConfirmation)) : null;
    },

    /** A transaction as the chain sees it now (for the console). */
    transaction: (txHash: string) => db.withClient((c) => sql.find(c, txHash)),

    /**
     * One tick of a transaction's clock: its state now, told to the server; the next tick is
     * queued until the state is final. Throws when the server does not take the notification,
     * so the job is retried (with the state of that later moment).
     */
    async tick(txHash: string, deliver: DeliverNotification): Promise<SandboxTxRow["status"] | "unknown"> {
      const row = await db.withClient((c) => sql.find(c, txHash));
      if (!row) return "unknown";
      const next = stateAt(row, deps.secondsPerConfirmation);
      await db.withClient((c) => sql.advance(c, txHash, next.confirmations, next.status));
      const body = JSON.stringify(notificationOf(row, next));
      const { status } = await deliver(body, signChainNotification(deps.callbackSecret, body));
      if (status >= 300) throw new Error(`chain notification for ${txHash} answered ${status}`);
      if (next.status === "PENDING") {
        const due = new Date(
          row.createdAt.getTime() + (next.confirmations + 1) * deps.secondsPerConfirmation * 1000,
        );
        await db.withClient((c) => sql.scheduleTick(c, txHash, due));
      }
      return next.status;
    },
  };
}

/** Where the clock has got to: a failing withdrawal fails after its first interval. */
function stateAt(row: SandboxTxRow, secondsPerConfirmation: number) {
  if (row.status !== "PENDING") return { confirmations: row.confirmations, status: row.status };
  const elapsed = Math.max(0, row.dbNow.getTime() - row.createdAt.getTime()) / 1000;
  const counted =
    secondsPerConfirmation === 0 ? row.requiredConfirmations : Math.floor(elapsed / secondsPerConfirmation);
  const confirmations = Math.min(row.requiredConfirmations, Math.max(row.confirmations, counted));
  if (row.direction === "OUT" && failsOnSandboxChain(row) && (counted >= 1 || secondsPerConfirmation === 0)) {
    return { confirmations: 0, status: "FAILED" as const };
  }
  const status = confirmations >= row.requiredConfirmations ? ("CONFIRMED" as const) : ("PENDING" as const);
  return { confirmations, status };
}

function notificationOf(row: SandboxTxRow, state: ReturnType<typeof stateAt>): ChainNotification {
  const currency = row.currency as CurrencyCode;
  return {
    txHash: row.txHash,
    outputIndex: 0,
    chain: row.chain,
    currency,
    direction: row.direction,
    address: row.address,
    fromAddress: row.fromAddress,
    amount: toDecimalString(row.amount, currency),
    networkFee: toDecimalString(row.networkFee, currency),
    confirmations: state.confirmations,
    requiredConfirmations: row.requiredConfirmations,
    status: state.status,
    reference: row.reference,
    failureReason: state.status === "FAILED" ? "The network rejected the transaction." : null,
  };
}

/** 32 random bytes in the chain's usual spelling (0x-prefixed on Ethereum). */
function newTxHash(chain: Chain): string {
  const hex = randomBytes(32).toString("hex");
  return chain === "ethereum" ? `0x${hex}` : hex;
}
