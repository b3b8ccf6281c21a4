import { toDecimalString } from "@kestrel/money";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import type { ChainNotification } from "../../providers/chain/chain-notification.ts";
import type { ChainReader, ChainTransfer, WithdrawalWatcher } from "../../providers/chain/chain-reader.ts";
import { cryptoSql } from "./crypto.repository.ts";

/** Blocks read per pass: a follower far behind catches up over several passes. */
const BLOCKS_PER_PASS = 50;

export type FollowResult =
  | { kind: "busy" }
  | { kind: "followed"; from: number; to: number; head: number; rewound: boolean };

/**
 * The block follower of one network, EVM or Bitcoin-family (docs/chains.md "Block follower"). One
 * pass, under the
 * network's row lock (another worker's pass finds it locked and skips):
 * 1. if the block at the stored height has another hash now, a reorganisation happened there:
 *    go back M blocks (M = the confirmations required, which must exceed any reorganisation)
 *    and read them again;
 * 2. record every payment to one of our deposit addresses in the next blocks (outputs, native
 *    value, ERC-20 Transfer logs), with its confirmations (head − block + 1);
 * 3. look again at every pending deposit: its transaction's receipt gives its confirmations now
 *    (credited once at M by the deposits service). No receipt drops the deposit (never credited)
 *    only when the block it was seen in is replaced (another hash at its height); otherwise the
 *    node answering is behind its peers (one of a load-balanced URL's) and the deposit is asked
 *    about again at the next pass;
 * 4. watch the withdrawals sent on the network (their provider's `watch`);
 * 5. store the new height and its hash, in the same transaction as the lock.
 * Deposits are recorded by (chain, tx hash, output) and credited under one ledger key, so a pass
 * that dies halfway (its height not stored) and runs again credits nothing twice.
 */
export function createChainFollower(deps: {
  db: ClientSource;
  reader: ChainReader;
  /**
   * Tells the server (a signed notification, as any chain provider does: chain-notification.ts);
   * throws when it is not taken, so the pass stops and its height is not stored.
   */
  notify: (n: ChainNotification) => Promise<void>;
  startBlock: number | undefined;
  /** Withdrawals sent on this network, watched to their confirmations (or replaced when stuck). */
  withdrawals?: WithdrawalWatcher;
  /** Tests stop a pass here, after a payment is recorded, as a killed worker would. */
  afterRecorded?: (transfer: ChainTransfer) => Promise<void>;
}) {
  const { reader } = deps;
  const M = reader.confirmations;

  const notification = (
    t: Omit<ChainTransfer, "blockNumber" | "blockHash">,
    confirmations: number,
    block?: { number: number; hash: string },
  ): ChainNotification => ({
    txHash: t.txHash,
    outputIndex: t.outputIndex,
    chain: reader.chain,
    currency: t.currency,
    direction: "IN",
    address: t.to,
    fromAddress: t.from,
    amount: toDecimalString(t.amount, t.currency),
    networkFee: "0",
    confirmations: Math.min(confirmations, M),
    requiredConfirmations: M,
    status: confirmations >= M ? "CONFIRMED" : "PENDING",
    reference: null,
    failureReason: null,
    ...(block ? { block } : {}),
  });

  async function ours(tx: Tx, addresses: string[]): Promise<Set<string>> {
    if (addresses.length === 0) return new Set();
    const { rows } = await tx.query<{ address: string }>(
      "select address from deposit_address_owners where chain = $1 and address = any($2)",
      [reader.chain, addresses],
    );
    return new Set(rows.map((r) => r.address));
  }

  async function refreshPending(tx: Tx, head: number): Promise<void> {
    for (const d of await cryptoSql.pendingDeposits(tx, reader.chain)) {
      // Another provider's deposit on the same chain (the sandbox's) is not this node's to judge.
      if (!reader.currencies.includes(d.currency)) continue;
      const t = {
        currency: d.currency as ChainTransfer["currency"],
        txHash: d.txHash,
        outputIndex: d.outputIndex,
        from: d.fromAddress,
        to: d.address,
        amount: d.amount,
      };
      const receipt = await reader.receipt(t.txHash);
      if (receipt) {
        const block = { number: receipt.blockNumber, hash: receipt.blockHash };
        await deps.notify(notification(t, head - receipt.blockNumber + 1, block));
      } else if (await blockReplaced(d, head)) {
        await deps.notify({
          ...notification(t, 0),
          status: "FAILED",
          failureReason: "The block holding the transaction was replaced (reorganisation).",
        });
      }
      // Else one node's empty answer (it lags behind the block): pending, asked again next pass.
    }
  }

  /**
   * Whether the block a deposit was seen in is no longer in the chain: another hash at its
   * height. A height above the head (a node that lags, or a chain not yet grown back) and a
   * deposit recorded without its block are not judged: they wait for the next pass.
   */
  async function blockReplaced(d: { blockNumber: number | null; blockHash: string | null }, head: number) {
    if (d.blockNumber === null || d.blockHash === null || d.blockNumber > head) return false;
    return (await reader.blockHash(d.blockNumber)) !== d.blockHash;
  }

  return {
    network: reader.network,

    async followOnce(): Promise<FollowResult> {
      return inTransaction(deps.db, async (tx) => {
        const head = await reader.head();
        await tx.query(
          `insert into chain_follower_state (network, height, block_hash) values ($1, $2, '')
           on conflict (network) do nothing`,
          [reader.network, (deps.startBlock ?? head + 1) - 1],
        );
        const { rows } = await tx.query<{ height: string; blockHash: string }>(
          `select height, block_hash as "blockHash" from chain_follower_state where network = $1
           for update skip locked`,
          [reader.network],
        );
        const state = rows[0];
        if (!state) return { kind: "busy" } as const;
        let height = Number(state.height);
        let rewound = false;
        if (
          height >= 0 &&
          state.blockHash !== "" &&
          (height > head || (await reader.blockHash(height)) !== state.blockHash)
        ) {
          height = Math.max(-1, Math.min(height, head) - M);
          rewound = true;
        }
        const from = height + 1;
        const to = Math.min(head, height + BLOCKS_PER_PASS);
        if (from <= to) {
          const transfers = await reader.transfers(from, to);
          const mine = await ours(tx, [...new Set(transfers.map((t) => t.to))]);
          for (const t of transfers) {
            if (!mine.has(t.to)) continue;
            const block = { number: t.blockNumber, hash: t.blockHash };
            await deps.notify(notification(t, head - t.blockNumber + 1, block));
            await deps.afterRecorded?.(t);
          }
        }
        await refreshPending(tx, head);
        await deps.withdrawals?.watch(head, deps.notify);
        const last = Math.max(to, height);
        const hash = last >= 0 ? await reader.blockHash(last) : "";
        // The head and the last pass that reached it: /v2/status tells a follower behind (docs/status.md).
        await tx.query(
          `update chain_follower_state set height = $2, block_hash = $3, updated_at = now(), head = $4,
             caught_up_at = case when $2::bigint >= $4::bigint then now() else caught_up_at end
           where network = $1`,
          [reader.network, last, hash, head],
        );
        return { kind: "followed", from, to, head, rewound } as const;
      });
    },
  };
}
