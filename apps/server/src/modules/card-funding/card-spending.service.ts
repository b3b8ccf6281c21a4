import { parseAmount } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import type { CardDeclineReason } from "../../db/schema/index.ts";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import { type CardEvent, type CardEventAnswer, cardEventSchema } from "../../providers/issuer/card-events.ts";
import { isIssuerCallbackSigned } from "../../providers/issuer/issuer-provider.ts";
import type { CardRow, CardsService } from "../cards/index.ts";
import type { CustomersService } from "../customers/index.ts";
import { type LedgerService, ledgerErrors } from "../ledger/index.ts";
import type { CardBalanceAccounts } from "./card-balance-accounts.ts";
import { cardFundingErrors } from "./card-funding.errors.ts";
import {
  type CardFundingRepository,
  type CardOperationRow,
  claimEventSql,
  insertOperationSql,
  lockPurchaseSql,
  refundedAmountSql,
  setOperationStatusSql,
  storeEventAnswerSql,
} from "./card-funding.repository.ts";
import { CARD_CURRENCY, declineReasonOf } from "./card-rules.ts";

/** An authorisation's hold lasts this long unsettled; then the ledger's expiry job releases it. */
const AUTHORISATION_HOLD_SECONDS = 30 * 24 * 3600;

type Answer = CardEventAnswer;
const answer = (event: CardEvent, decision: Answer["decision"], reason: string | null = null): Answer => ({
  result: "OK",
  eventId: event.eventId,
  decision,
  reason,
});

/**
 * The issuer's card-transaction callbacks (docs/card-funding.md "Spending"). Checked in this
 * order: the signature (401), the body (400), the card (404), a repeat (its stored answer), the
 * currency (422). Then, in one transaction each: an authorisation holds the amount on the card's
 * balance (a pending transfer to the issuer's settlement account) or is declined with its reason;
 * a settlement posts the hold, a reversal voids it; a refund credits the card back. The event's
 * answer is stored in the same transaction, so a repeat is answered once and moves nothing.
 */
export function createCardSpending(deps: {
  db: ClientSource;
  repository: CardFundingRepository;
  ledger: LedgerService;
  cards: Pick<CardsService, "cardByIssuerId" | "lockCard">;
  customers: Pick<CustomersService, "isBlockedIn">;
  balances: CardBalanceAccounts;
  callbackSecret: string;
  now: () => Date;
}) {
  const { repository, ledger } = deps;

  function parse(rawBody: string, signature: string | undefined): CardEvent {
    if (!isIssuerCallbackSigned(deps.callbackSecret, rawBody, signature)) {
      throw cardFundingErrors.create("CALLBACK_NOT_SIGNED");
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw commonErrors.create("NOT_VALID_REQUEST_DATA", { field: "body", message: "body: is not JSON" });
    }
    const parsed = cardEventSchema.safeParse(json);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join(".") || "body";
      throw commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message: `${field}: is not valid` });
    }
    return parsed.data;
  }

  /**
   * Runs `fn` with the event claimed and stores its answer in the same transaction; a repeat
   * (claimed by an earlier or a concurrent delivery) gets the stored answer and changes nothing.
   */
  async function once(event: CardEvent, fn: (tx: Tx) => Promise<Answer>): Promise<Answer> {
    const fresh = await inTransaction(deps.db, async (tx) => {
      if (!(await claimEventSql(tx, event.merchantId, event.eventId))) return undefined;
      const result = await fn(tx);
      await storeEventAnswerSql(tx, event.merchantId, event.eventId, result);
      return result;
    });
    return fresh ?? ((await repository.findEventResponse(event.merchantId, event.eventId)) as Answer);
  }

  function purchaseRow(card: CardRow, event: CardEvent, amount: bigint, at: Date): CardOperationRow {
    return {
      merchantId: card.merchantId,
      id: uuidv7(),
      customerId: card.customerId,
      cardId: card.id,
      kind: "PURCHASE",
      status: "PENDING",
      amount,
      currency: CARD_CURRENCY,
      description: event.shop,
      declineReason: null,
      issuerTxId: event.transactionId,
      pendingTransferId: null,
      operationId: null,
      details: { shop: event.shop },
      createdAt: at,
      updatedAt: at,
    };
  }

  /** Records the purchase declined, with its reason, in the event's transaction. */
  async function declineIn(tx: Tx, row: CardOperationRow, event: CardEvent, reason: CardDeclineReason) {
    await insertOperationSql(tx, { ...row, status: "DECLINED", declineReason: reason });
    return answer(event, "DECLINED", reason);
  }

  async function authorise(card: CardRow, event: CardEvent, amount: bigint): Promise<Answer> {
    const account = await deps.balances.find(card);
    if (account) await ledger.ensureHouseAccounts({ merchantId: card.merchantId, currency: CARD_CURRENCY });
    const row = purchaseRow(card, event, amount, deps.now());
    const holdId = uuidv7();
    const operationId = uuidv7();
    try {
      return await once(event, async (tx) => {
        // The status is judged on the card's row locked here, not as read before: a soft block
        // that committed in between declines the purchase; one that comes now waits for it.
        const locked = await deps.cards.lockCard(tx, card.merchantId, card.customerId, card.id);
        const reason = locked ? declineReasonOf(locked, deps.now()) : "CARD_NOT_ACTIVE";
        if (reason) return declineIn(tx, row, event, reason);
        // A customer blocked by an operator spends nothing (money out); to the issuer their
        // cards are simply blocked, the operator's reason stays with the customer.
        if (await deps.customers.isBlockedIn(tx, card.merchantId, card.customerId))
          return declineIn(tx, row, event, "CARD_BLOCKED");
        if (!account) return declineIn(tx, row, event, "INSUFFICIENT_BALANCE");
        await ledger.apply(tx, {
          merchantId: card.merchantId,
          operationId,
          idempotencyKey: `card-tx:${card.id}:${event.transactionId}:hold`,
          requestHash: `card-tx:${event.transactionId}`,
          kind: "card_purchase_hold",
          legs: [
            {
              id: holdId,
              debit: { accountId: account },
              credit: { house: "issuer_settlement" },
              amount,
              currency: CARD_CURRENCY,
              pending: { timeoutSeconds: AUTHORISATION_HOLD_SECONDS },
            },
          ],
          metadata: { customerId: card.customerId, cardId: card.id, issuerTxId: event.transactionId },
          response: { purchaseId: row.id },
        });
        await insertOperationSql(tx, { ...row, pendingTransferId: holdId, operationId });
        return answer(event, "APPROVED");
      });
    } catch (err) {
      // Not enough on the card (checked by the ledger under its lock): declined, nothing held.
      if (ledgerErrors.is(err, "INSUFFICIENT_FUNDS"))
        return once(event, (tx) => declineIn(tx, row, event, "INSUFFICIENT_BALANCE"));
      throw err;
    }
  }

  /** Settlement posts the hold, reversal voids it: each once, only while the purchase is held. */
  async function resolve(card: CardRow, event: CardEvent, amount: bigint): Promise<Answer> {
    const purchase = await repository.findPurchase(card.merchantId, card.id, event.transactionId);
    if (!purchase) throw cardFundingErrors.create("ISSUER_TRANSACTION_NOT_FOUND", { field: "transactionId" });
    if (purchase.amount !== amount)
      throw cardFundingErrors.create("ISSUER_EVENT_MISMATCH", { field: "amount" });
    const settle = event.type === "SETTLEMENT";
    const operationId = uuidv7();
    return once(event, async (tx) => {
      const locked = await lockPurchaseSql(tx, card.merchantId, purchase.id);
      // Already reversed or settled (the other event came first): acknowledged, nothing moves.
      if (locked?.status !== "PENDING" || !locked.pendingTransferId) {
        return answer(event, "IGNORED", `The purchase is ${locked?.status ?? "unknown"}.`);
      }
      await ledger.apply(tx, {
        merchantId: card.merchantId,
        operationId,
        idempotencyKey: `card-tx:${card.id}:${event.transactionId}:${settle ? "settle" : "reverse"}`,
        requestHash: `card-tx:${event.transactionId}`,
        kind: settle ? "card_purchase_settle" : "card_purchase_reverse",
        legs: [
          settle
            ? { type: "post_pending", pendingId: locked.pendingTransferId }
            : { type: "void_pending", pendingId: locked.pendingTransferId },
        ],
        metadata: { customerId: card.customerId, cardId: card.id, issuerTxId: event.transactionId },
        response: { purchaseId: purchase.id },
      });
      await setOperationStatusSql(
        tx,
        card.merchantId,
        purchase.id,
        settle ? "COMPLETED" : "REVERSED",
        operationId,
        deps.now(),
      );
      return answer(event, "ACCEPTED");
    });
  }

  /**
   * A shop's refund of a settled purchase, credited back to the card: partial, and maybe several
   * per purchase (each its own event, credited once), together at most the purchase's amount. The
   * purchase's row is locked while its refunds are summed, so two refunds racing are summed one
   * after the other; one that would take the total above the purchase is refused (422, nothing moves).
   */
  async function refund(card: CardRow, event: CardEvent, amount: bigint): Promise<Answer> {
    const purchase = await repository.findPurchase(card.merchantId, card.id, event.transactionId);
    if (!purchase) throw cardFundingErrors.create("ISSUER_TRANSACTION_NOT_FOUND", { field: "transactionId" });
    if (purchase.status !== "COMPLETED" || amount > purchase.amount) {
      throw cardFundingErrors.create("ISSUER_EVENT_MISMATCH", { field: "amount" });
    }
    const account = await deps.balances.find(card);
    if (!account) throw new Error(`card ${card.id} has a settled purchase but no balance account`);
    const operationId = uuidv7();
    const at = deps.now();
    return once(event, async (tx) => {
      const locked = await lockPurchaseSql(tx, card.merchantId, purchase.id);
      const refunded = await refundedAmountSql(tx, card.merchantId, card.id, event.transactionId);
      if (locked?.status !== "COMPLETED" || refunded + amount > locked.amount) {
        throw cardFundingErrors.create("ISSUER_EVENT_MISMATCH", { field: "amount" });
      }
      await ledger.apply(tx, {
        merchantId: card.merchantId,
        operationId,
        // One credit per refund event: the identity `once` claims the event by (merchant, event id).
        idempotencyKey: `card-refund:${event.eventId}`,
        requestHash: `card-refund:${event.transactionId}:${amount}`,
        kind: "card_refund",
        legs: [
          {
            debit: { house: "issuer_settlement" },
            credit: { accountId: account },
            amount,
            currency: CARD_CURRENCY,
          },
        ],
        metadata: {
          customerId: card.customerId,
          cardId: card.id,
          issuerTxId: event.transactionId,
          issuerEventId: event.eventId,
        },
        response: { purchaseId: purchase.id },
      });
      await insertOperationSql(tx, {
        ...purchaseRow(card, event, amount, at),
        kind: "REFUND",
        status: "COMPLETED",
        operationId,
        issuerEventId: event.eventId,
        details: { shop: event.shop, purchaseId: purchase.id },
      });
      return answer(event, "ACCEPTED");
    });
  }

  return {
    async receive(rawBody: string, signature: string | undefined): Promise<Answer> {
      const event = parse(rawBody, signature);
      const card = await deps.cards.cardByIssuerId(event.merchantId, event.issuerCardId);
      if (!card) throw cardFundingErrors.create("ISSUER_CARD_NOT_FOUND", { field: "issuerCardId" });
      const stored = await repository.findEventResponse(event.merchantId, event.eventId);
      if (stored) return stored as Answer;
      const parsed = parseAmount(event.amount, CARD_CURRENCY, { allowZero: false });
      if (event.currency !== CARD_CURRENCY || !parsed.ok) {
        throw cardFundingErrors.create("ISSUER_EVENT_MISMATCH", {
          field: event.currency !== CARD_CURRENCY ? "currency" : "amount",
        });
      }
      switch (event.type) {
        case "AUTHORISATION":
          return authorise(card, event, parsed.minor);
        case "REFUND":
          return refund(card, event, parsed.minor);
        default:
          return resolve(card, event, parsed.minor);
      }
    },
  };
}
