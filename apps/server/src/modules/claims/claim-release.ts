import type { LedgerOperationKind } from "@kestrel/domain";
import type { CurrencyCode } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import type { Tx } from "../../db/transaction.ts";
import { enqueueJobs } from "../../jobs/enqueue.ts";
import { displayPhone, maskPhone } from "../customers/index.ts";
import { type HistoryService, money } from "../history/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import { claimDetails } from "./claim-views.ts";
import { type ClaimRow, claimsSql } from "./claims.repository.ts";
import { CLAIM_TEXT_TASK, type ClaimStatus } from "./claims.types.ts";

export type Release = Exclude<ClaimStatus, "HELD">;

const KINDS: Record<Release, LedgerOperationKind> = {
  CLAIMED: "claimable_claim",
  RETURNED: "claimable_return",
  CANCELLED: "claimable_cancel",
};

/**
 * The held money leaves `claims_held` once, to the recipient (CLAIMED) or back to the sender
 * (RETURNED, CANCELLED), in the caller's transaction with the claim's row locked and judged HELD.
 * The ledger key is the claim's own (`claim:<id>`) whatever the outcome: a second release of
 * the same claim replays (same outcome) or is refused (another), so the money moves once even
 * if the row's rule were bypassed.
 */
export function createClaimRelease(deps: {
  ledger: LedgerService;
  history: Pick<HistoryService, "record" | "update">;
}) {
  return async function release(
    tx: Tx,
    row: ClaimRow,
    r: {
      status: Release;
      toAccountId: string;
      /** CLAIMED: who claimed it, and the sender's phone their history shows. */
      recipient?: { id: string; senderPhone: string };
      at: Date;
    },
  ): Promise<ClaimRow> {
    const operationId = uuidv7();
    const outcome = await deps.ledger.apply(tx, {
      merchantId: row.merchantId,
      operationId,
      idempotencyKey: `claim:${row.id}`,
      requestHash: `claim:${row.id}:${r.status}`,
      kind: KINDS[r.status],
      legs: [
        {
          debit: { house: "claims_held" },
          credit: { accountId: r.toAccountId },
          amount: row.amount,
          currency: row.currency as CurrencyCode,
        },
      ],
      metadata: { claimId: row.id, status: r.status, recipientId: r.recipient?.id ?? null },
      response: { statusCode: 200, body: { claimId: row.id, status: r.status } },
    });
    if (outcome.replayed) throw new Error(`claim ${row.id} was released already though its row said HELD`);
    await claimsSql.settle(tx, {
      merchantId: row.merchantId,
      id: row.id,
      status: r.status,
      recipientId: r.recipient?.id ?? null,
      releaseOperationId: operationId,
      at: r.at,
    });
    const settled: ClaimRow = {
      ...row,
      status: r.status,
      recipientId: r.recipient?.id ?? null,
      releaseOperationId: operationId,
      updatedAt: r.at,
    };
    // The sender's one row says where it stands: delivered, or back with them (the money is).
    await deps.history.update(tx, {
      merchantId: row.merchantId,
      operationId: row.id,
      status: r.status === "CLAIMED" ? "COMPLETED" : "FAILED",
      details: { claim: claimDetails(settled) },
    });
    if (r.recipient) {
      const details = {
        fromAddress: null,
        fromPhone: maskPhone(r.recipient.senderPhone),
        toPhone: displayPhone(row.phone), // the receiver's own number
        amount: money(row.amount, row.currency),
        claim: claimDetails(settled),
      };
      await deps.history.record(tx, [
        {
          merchantId: row.merchantId,
          customerId: r.recipient.id,
          operationId,
          type: "SEND_TO_PHONE",
          direction: "IN",
          status: "COMPLETED",
          currency: row.currency,
          amount: row.amount,
          fee: 0n,
          counterparty: details.fromPhone,
          details,
        },
      ]);
    }
    // Cancelling is the sender's own act: only what happens without them is texted. A claim is
    // told to both: the sender (delivered) and the receiver (it arrived).
    const events =
      r.status === "CANCELLED" ? [] : r.status === "CLAIMED" ? ["CLAIMED", "RECEIVED"] : [r.status];
    await enqueueJobs(
      tx,
      events.map((event) => ({
        task: CLAIM_TEXT_TASK,
        payload: { merchantId: row.merchantId, claimId: row.id, event },
        jobKey: `claims_text:${row.id}:${event}`,
      })),
    );
    return settled;
  };
}
