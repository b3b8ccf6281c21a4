import { parseAmount } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import type { BankNotification } from "../../providers/bank/bank-notification.ts";
import type { BankRail } from "../../providers/bank/bank-provider.ts";
import type { HistoryService } from "../history/index.ts";
import { type LedgerService, ledgerErrors } from "../ledger/index.ts";
import { ibanSql, type TransferRow } from "./iban.repository.ts";

export type BankEffect =
  | "IGNORED"
  | "PENDING"
  | "CREDITED"
  | "ALREADY_CREDITED"
  | "COMPLETED"
  | "RETURNED"
  | "ALREADY_FINAL";

/**
 * What the bank rail tells us, applied once each: a SEPA transfer in credits the IBAN (the
 * ledger key is the rail's transfer id, so a repeated callback credits nothing more); an
 * outgoing one is posted when executed, voided (a refund, fee included) when returned, and the
 * customer's limit usage goes back with the money. The first final state of a transfer stands.
 */
export function createIbanRailEvents(deps: {
  db: ClientSource;
  ledger: LedgerService;
  history: Pick<HistoryService, "record" | "update">;
  releaseLimit: (tx: Tx, merchantId: string, reference: string) => Promise<unknown>;
  /** Asked again for a stuck transfer's state (docs/backoffice.md "Stuck payments"). */
  bank: Pick<BankRail, "transferStatus">;
}) {
  const { ledger } = deps;

  async function incoming(n: BankNotification): Promise<BankEffect> {
    if (n.status !== "EXECUTED") return "IGNORED";
    const account = await deps.db.withClient((c) => ibanSql.accountByIban(c, n.accountIban));
    if (!account) return "IGNORED";
    const parsed = parseAmount(n.amount, "EUR", { allowZero: false });
    if (!parsed.ok) return "IGNORED";
    const amount = parsed.minor;
    await ledger.ensureHouseAccounts({ merchantId: account.merchantId, currency: "EUR" });
    const operationId = uuidv7();
    const now = new Date();
    return inTransaction(deps.db, async (tx) => {
      const outcome = await ledger.apply(tx, {
        merchantId: account.merchantId,
        operationId,
        idempotencyKey: `bank:in:${n.id}`,
        requestHash: `in:${n.accountIban}:${n.amount}`,
        kind: "iban_receive",
        legs: [
          {
            debit: { house: "bank_settlement" },
            credit: { accountId: account.balanceAccountId },
            amount,
            currency: "EUR",
          },
        ],
        metadata: { ibanId: account.id, railId: n.id, senderIban: n.counterpartyIban },
        response: { operationId },
      });
      if (outcome.replayed) return "ALREADY_CREDITED" as const;
      await ibanSql.insertTransfer(tx, {
        id: operationId,
        merchantId: account.merchantId,
        customerId: account.customerId,
        ibanId: account.id,
        kind: "SEPA_IN",
        status: "COMPLETED",
        amount,
        fee: 0n,
        currency: "EUR",
        counterpartyName: n.counterpartyName,
        counterpartyIban: n.counterpartyIban,
        counterpartyBic: n.counterpartyBic,
        reference: n.remittance,
        returnReason: null,
        operationId,
        pendingId: null,
        feePendingId: null,
        limitReference: null,
        railId: n.id,
        createdAt: now,
        updatedAt: now,
      });
      await deps.history.record(tx, [
        {
          merchantId: account.merchantId,
          customerId: account.customerId,
          operationId,
          type: "IBAN_RECEIVE",
          direction: "IN",
          status: "COMPLETED",
          currency: "EUR",
          amount,
          fee: 0n,
          counterparty: n.counterpartyName,
          details: {
            ibanId: account.id,
            transferId: operationId,
            counterpartyName: n.counterpartyName,
            counterpartyIban: n.counterpartyIban,
            reference: n.remittance,
            returnReason: null,
          },
        },
      ]);
      return "CREDITED" as const;
    });
  }

  /** The rail's word on a transfer, or an operator's failure (no rail id then). */
  type Settlement = { id: string | null; returnReason: string | null };

  async function settle(
    t: TransferRow,
    n: Settlement,
    outcome: "COMPLETED" | "RETURNED",
  ): Promise<BankEffect> {
    const pendings = [t.pendingId, t.feePendingId].filter((id): id is string => id !== null);
    const returnReason =
      outcome === "RETURNED" ? (n.returnReason ?? "Returned by the recipient's bank") : null;
    try {
      return await inTransaction(deps.db, async (tx) => {
        const settled = await ledger.apply(tx, {
          merchantId: t.merchantId,
          idempotencyKey: `bank:out:${t.id}:settle`,
          requestHash: outcome,
          kind: outcome === "COMPLETED" ? "withdraw_iban_executed" : "withdraw_iban_returned",
          legs: pendings.map((pendingId) =>
            outcome === "COMPLETED"
              ? { type: "post_pending" as const, pendingId }
              : { type: "void_pending" as const, pendingId },
          ),
          metadata: { transferId: t.id, railId: n.id },
          response: { transferId: t.id, status: outcome },
        });
        if (settled.replayed) return "ALREADY_FINAL" as const;
        await ibanSql.finishOutgoing(tx, {
          merchantId: t.merchantId,
          id: t.id,
          status: outcome,
          railId: n.id,
          returnReason,
        });
        await deps.history.update(tx, {
          merchantId: t.merchantId,
          operationId: t.id,
          status: outcome === "COMPLETED" ? "COMPLETED" : "FAILED",
          details: { returnReason },
        });
        // A refund gives the customer's limit back with the money.
        if (outcome === "RETURNED" && t.limitReference)
          await deps.releaseLimit(tx, t.merchantId, t.limitReference);
        return outcome;
      });
    } catch (err) {
      // Settled the other way already (a contradicting notification): the first outcome stands.
      if (ledgerErrors.is(err, "IDEMPOTENCY_MISMATCH")) return "ALREADY_FINAL";
      throw err;
    }
  }

  async function outgoing(n: BankNotification): Promise<BankEffect> {
    const id = n.reference;
    if (!id || !/^[0-9a-f-]{36}$/.test(id)) return "IGNORED";
    const t = await deps.db.withClient((c) => ibanSql.outgoing(c, id));
    if (!t || t.counterpartyIban !== n.counterpartyIban) return "IGNORED";
    if (t.status !== "PENDING") return "ALREADY_FINAL";
    if (n.status === "EXECUTED") return settle(t, n, "COMPLETED");
    if (n.status === "RETURNED") return settle(t, n, "RETURNED");
    return "PENDING";
  }

  const outgoingOf = (merchantId: string, id: string) =>
    deps.db.withClient((c) => ibanSql.outgoingOf(c, merchantId, id));

  return {
    onNotification: (n: BankNotification) => (n.direction === "IN" ? incoming(n) : outgoing(n)),

    /** The merchant's transfers out PENDING since before `before`, oldest first (stuck payments). */
    pendingBefore: (merchantId: string, before: Date, limit: number) =>
      deps.db.withClient((c) => ibanSql.pendingOutgoingBefore(c, merchantId, before, limit)),

    /**
     * An operator asks the bank again: its answer is applied as its notification would be (an
     * executed transfer completes, a returned one is refunded). UNANSWERED: no lookup, or unknown.
     */
    async askAgain(merchantId: string, id: string): Promise<BankEffect | "NOT_FOUND" | "UNANSWERED"> {
      const t = await outgoingOf(merchantId, id);
      if (!t) return "NOT_FOUND";
      if (t.status !== "PENDING") return "ALREADY_FINAL";
      const n = await deps.bank.transferStatus?.(t.id);
      return n ? outgoing(n) : "UNANSWERED";
    },

    /**
     * An operator fails a stuck transfer: the same refund as the rail's return, under the same
     * ledger key, so a second fail, or one racing the rail's notification, settles once.
     */
    async fail(merchantId: string, id: string, reason: string): Promise<BankEffect | "NOT_FOUND"> {
      const t = await outgoingOf(merchantId, id);
      if (!t) return "NOT_FOUND";
      if (t.status !== "PENDING") return "ALREADY_FINAL";
      return settle(t, { id: null, returnReason: reason }, "RETURNED");
    },
  };
}
