import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { createMoneyFrame, Settled } from "../../app/money-use-case.ts";
import type { AdjustmentDirection, AdjustmentStatus } from "../../db/schema/adjustments.ts";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import { parseOfferedAmount } from "../../http/amount-input.ts";
import { AppError } from "../../http/app-error.ts";
import type { CustomersService } from "../customers/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { LedgerService, OperationOutcome } from "../ledger/index.ts";
import type { MerchantsService } from "../merchants/index.ts";
import type { AuditActor, AuditService, OperatorsService } from "../operators/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { adjustmentErrors } from "./adjustments.errors.ts";
import { adjustmentsSql, type Proposal } from "./adjustments.repository.ts";
import { ADJUSTMENT_EXPIRY_HOURS, type AdjustmentHouseAccount } from "./adjustments.types.ts";

/** The operator acting: their merchant, who they are (for the row and the audit), their session's token hash. */
export type AdjustmentActor = {
  merchantId: string;
  actor: AuditActor & { operatorId: string; operatorEmail: string };
  sessionTokenHash: string;
};

export type ProposalInput = {
  customerId: string;
  currency: string;
  direction: AdjustmentDirection;
  amount: string;
  houseAccount: AdjustmentHouseAccount;
  customerReason: string;
  auditReason: string;
};

type Refusal = keyof typeof adjustmentErrors.specs;
/** What a decision's lock found: the row to decide, or why not (committed first: an expiry is stored). */
type Judged = Proposal | Settled<{ refused: Refusal }>;

/**
 * Corrections of a customer's wallet with four eyes (docs/backoffice.md "Adjustments"): one
 * operator proposes, another approves (one ledger operation through the money frame, keyed by the
 * proposal) or rejects; a proposal past its expiry moves nothing. Every step is audited.
 */
/** Lapsed proposals stored EXPIRED per statement by the sweep. */
const EXPIRE_BATCH = 500;

export function createAdjustmentsService(deps: {
  db: ClientSource;
  ledger: Pick<LedgerService, "apply" | "ensureHouseAccounts">;
  wallets: Pick<WalletsService, "ensureWallet" | "findWallet">;
  history: Pick<HistoryService, "record">;
  customers: Pick<CustomersService, "getCustomer" | "displayNames">;
  merchants: Pick<MerchantsService, "merchantById">;
  operators: Pick<OperatorsService, "requireLiveSession">;
  audit: Pick<AuditService, "record">;
  now?: () => Date;
}) {
  const { db, ledger, audit } = deps;
  const now = deps.now ?? (() => new Date());
  // The session the frame judges live in the transaction is the approving operator's.
  const frame = createMoneyFrame({
    db,
    auth: { requireLiveSession: (tx, s) => deps.operators.requireLiveSession(tx, s.sessionId) },
  });

  /** An audit entry of a proposal (its trail: `GET /admin/v1/audit?targetId=<proposal id>`). */
  const entry = (merchantId: string, id: string, action: string) => ({
    merchantId,
    action,
    targetType: "adjustment",
    targetId: id,
  });

  /**
   * Judges a decision on the locked row: another operator than the proposer, still waiting,
   * not expired. A lapsed one is stored EXPIRED (the Settled outcome commits it).
   */
  async function judge(tx: Tx, who: AdjustmentActor, id: string): Promise<Judged> {
    const row = await adjustmentsSql.lock(tx, who.merchantId, id);
    if (!row) return new Settled({ refused: "ADJUSTMENT_NOT_FOUND" });
    if (row.status !== "PROPOSED") return new Settled({ refused: "ADJUSTMENT_ALREADY_DECIDED" });
    if (row.expiresAt <= now()) {
      await adjustmentsSql.decide(tx, who.merchantId, id, { status: "EXPIRED", at: now() });
      return new Settled({ refused: "ADJUSTMENT_EXPIRED" });
    }
    if (row.proposedBy === who.actor.operatorId) return new Settled({ refused: "ADJUSTMENT_OWN_PROPOSAL" });
    return row;
  }

  /** A refused decision: its audit entry, then the error. */
  async function refuse(who: AdjustmentActor, id: string, action: string, err: unknown): Promise<never> {
    if (err instanceof AppError && err.code !== "ADJUSTMENT_NOT_FOUND") {
      await audit.record(who.actor, {
        ...entry(who.merchantId, id, action),
        outcome: "REFUSED",
        reason: err.code,
      });
    }
    throw err;
  }

  /** Proposals for the wire, each with its customer's name (one query for all). */
  async function present(merchantId: string, rows: Proposal[], at = now()) {
    const names = await deps.customers.displayNames(
      merchantId,
      rows.map((r) => r.customerId),
    );
    return rows.map((r) => view(r, at, names.get(r.customerId) ?? null));
  }
  const presentOne = async (merchantId: string, id: string) =>
    (await present(merchantId, [await find(merchantId, id)]))[0] as AdjustmentView;

  async function find(merchantId: string, id: string): Promise<Proposal> {
    const row = await adjustmentsSql.find(db, merchantId, id);
    if (!row) throw adjustmentErrors.create("ADJUSTMENT_NOT_FOUND");
    return row;
  }

  return {
    /** A proposal waits for another operator; nothing moves yet. */
    async propose(who: AdjustmentActor, input: ProposalInput) {
      const { merchantId } = who;
      await deps.customers.getCustomer(merchantId, input.customerId);
      const merchant = await deps.merchants.merchantById(merchantId, "merchantId");
      const { currency, amount } = parseOfferedAmount(merchant, input.currency, input.amount);
      const createdAt = now();
      const row = {
        merchantId,
        id: uuidv7(),
        customerId: input.customerId,
        currency,
        direction: input.direction,
        amount,
        houseAccount: input.houseAccount,
        customerReason: input.customerReason,
        auditReason: input.auditReason,
        proposedBy: who.actor.operatorId,
        proposedByEmail: who.actor.operatorEmail,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + ADJUSTMENT_EXPIRY_HOURS * 3_600_000),
      };
      await inTransaction(db, async (tx) => {
        await adjustmentsSql.insert(tx, row);
        await audit.record(
          who.actor,
          {
            ...entry(merchantId, row.id, "adjustment.propose"),
            changes: {
              customerId: row.customerId,
              direction: row.direction,
              amount: toDecimalString(amount, currency),
              currency,
              houseAccount: row.houseAccount,
              customerReason: row.customerReason,
            },
            reason: row.auditReason,
          },
          tx,
        );
      });
      return presentOne(merchantId, row.id);
    },

    /**
     * Posts the proposal as one ledger operation (key: the proposal), its history row, its
     * status and audit entry, in one transaction judged on the locked row: approved once,
     * whoever approves at the same time; a debit beyond the balance moves nothing.
     */
    async approve(who: AdjustmentActor, id: string) {
      const { merchantId } = who;
      const action = "adjustment.approve";
      try {
        const p = await find(merchantId, id);
        const currency = p.currency as CurrencyCode;
        const operationId = uuidv7();
        const amount = toDecimalString(p.amount, currency);
        const outcome = await frame<{ walletId: string }, OperationOutcome | { refused: Refusal }, Proposal>({
          session: { merchantId, customerId: p.customerId, sessionId: who.sessionTokenHash },
          insufficientFunds: () => adjustmentErrors.create("INSUFFICIENT_FUNDS", { field: "amount" }),
          prepare: async () => {
            // A credit may open the wallet; a debit needs one (none holds nothing to take).
            const wallet =
              p.direction === "CREDIT"
                ? await deps.wallets.ensureWallet(merchantId, p.customerId, currency)
                : await deps.wallets.findWallet(merchantId, p.customerId, currency);
            if (!wallet) throw adjustmentErrors.create("INSUFFICIENT_FUNDS", { field: "amount" });
            await ledger.ensureHouseAccounts({ merchantId, currency });
            return { walletId: wallet.id };
          },
          lock: (tx) => judge(tx, who, id),
          move: (tx, prepared) => {
            const wallet = { accountId: prepared.walletId };
            const house = { house: p.houseAccount as AdjustmentHouseAccount };
            return ledger.apply(tx, {
              merchantId,
              operationId,
              idempotencyKey: `adjustment:${p.id}`,
              requestHash: `adjustment:${p.id}`,
              kind: "adjustment",
              legs: [
                {
                  debit: p.direction === "CREDIT" ? house : wallet,
                  credit: p.direction === "CREDIT" ? wallet : house,
                  amount: p.amount,
                  currency,
                },
              ],
              metadata: {
                proposalId: p.id,
                customerId: p.customerId,
                direction: p.direction,
                amount,
                currency,
              },
              response: { statusCode: 200, body: { operationId, proposalId: p.id } },
            });
          },
          record: async (tx) => {
            const at = now();
            await adjustmentsSql.decide(tx, merchantId, id, {
              status: "APPROVED",
              by: who.actor.operatorId,
              byEmail: who.actor.operatorEmail,
              ledgerOperationId: operationId,
              at,
            });
            await deps.history.record(tx, [
              {
                merchantId,
                customerId: p.customerId,
                operationId,
                type: "ADJUSTMENT",
                direction: p.direction === "CREDIT" ? "IN" : "OUT",
                status: "COMPLETED",
                currency,
                amount: p.amount,
                fee: 0n,
                counterparty: null,
                details: { amount: { value: amount, currency }, description: p.customerReason },
              },
            ]);
            await audit.record(
              who.actor,
              {
                ...entry(merchantId, id, action),
                changes: { customerId: p.customerId, ledgerOperationId: operationId, amount, currency },
              },
              tx,
            );
          },
        });
        if ("refused" in outcome) throw adjustmentErrors.create(outcome.refused);
        return presentOne(merchantId, id);
      } catch (err) {
        return refuse(who, id, action, err);
      }
    },

    /** Closes a proposal without moving anything; the reason is kept and audited. */
    async reject(who: AdjustmentActor, id: string, reason: string) {
      const { merchantId } = who;
      const action = "adjustment.reject";
      try {
        const outcome = await inTransaction(db, async (tx) => {
          const row = await judge(tx, who, id);
          if (row instanceof Settled) return row.outcome;
          await adjustmentsSql.decide(tx, merchantId, id, {
            status: "REJECTED",
            by: who.actor.operatorId,
            byEmail: who.actor.operatorEmail,
            reason,
            at: now(),
          });
          await audit.record(
            who.actor,
            {
              ...entry(merchantId, id, action),
              changes: { customerId: row.customerId },
              reason,
            },
            tx,
          );
          return undefined;
        });
        if (outcome) throw adjustmentErrors.create(outcome.refused);
        return presentOne(merchantId, id);
      } catch (err) {
        return refuse(who, id, action, err);
      }
    },

    async get(merchantId: string, id: string) {
      return presentOne(merchantId, id);
    },

    /** Waiting first (oldest first), then decided ones, newest first. */
    async list(q: { merchantId: string; status?: AdjustmentStatus; customerId?: string }) {
      const at = now();
      return present(q.merchantId, await adjustmentsSql.list(db, { ...q, now: at, limit: 200 }), at);
    },

    /**
     * Marks lapsed waiting proposals EXPIRED (the periodic job, jobs/adjustment-jobs.ts), so the
     * list and the audit read the stored status, not only the one judged when someone decides.
     * Answers how many; runs in batches until none is left.
     */
    async expireLapsed(): Promise<number> {
      let total = 0;
      for (;;) {
        const at = now();
        const lapsed = await adjustmentsSql.listLapsed(db, at, EXPIRE_BATCH);
        for (const p of lapsed) if (await adjustmentsSql.expire(db, p.merchantId, p.id, at)) total++;
        if (lapsed.length < EXPIRE_BATCH) return total;
      }
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;

/** A proposal for the wire; a waiting one past its expiry reads EXPIRED (it can no longer move money). */
function view(p: Proposal, at: Date, customerName: string | null) {
  const lapsed = p.status === "PROPOSED" && p.expiresAt <= at;
  return {
    id: p.id,
    customerId: p.customerId,
    customerName,
    currency: p.currency,
    direction: p.direction,
    amount: toDecimalString(p.amount, p.currency as CurrencyCode),
    houseAccount: p.houseAccount,
    customerReason: p.customerReason,
    auditReason: p.auditReason,
    status: lapsed ? ("EXPIRED" as const) : p.status,
    proposedBy: { id: p.proposedBy, email: p.proposedByEmail },
    decidedBy: p.decidedBy ? { id: p.decidedBy, email: p.decidedByEmail ?? "" } : null,
    decisionReason: p.decisionReason,
    ledgerOperationId: p.ledgerOperationId,
    createdAt: p.createdAt.toISOString(),
    expiresAt: p.expiresAt.toISOString(),
    decidedAt: p.decidedAt ? p.decidedAt.toISOString() : null,
  };
}

type AdjustmentView = ReturnType<typeof view>;
