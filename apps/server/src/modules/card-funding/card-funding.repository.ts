import type { Json } from "../../db/json.ts";
import type { CardDeclineReason, CardOperationKind, CardOperationStatus } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";

export type CardOperationRow = {
  merchantId: string;
  id: string;
  customerId: string;
  cardId: string;
  kind: CardOperationKind;
  status: CardOperationStatus;
  amount: bigint;
  currency: string;
  description: string;
  declineReason: CardDeclineReason | null;
  issuerTxId: string | null;
  pendingTransferId: string | null;
  operationId: string | null;
  details: Record<string, Json>;
  createdAt: Date;
  updatedAt: Date;
};

/** A row to write; a refund's also names its issuer event (`issuer_event_id`, REFUND rows only). */
export type NewCardOperation = Omit<CardOperationRow, "updatedAt"> & { issuerEventId?: string | null };

const OPERATION_COLUMNS = `merchant_id as "merchantId", id, customer_id as "customerId", card_id as "cardId",
  kind, status, amount::text as amount, currency, description, decline_reason as "declineReason",
  issuer_tx_id as "issuerTxId", pending_transfer_id as "pendingTransferId", operation_id as "operationId",
  details, created_at as "createdAt", updated_at as "updatedAt"`;

type RawOperation = Omit<CardOperationRow, "amount"> & { amount: string };
const toOperation = (r: RawOperation): CardOperationRow => ({ ...r, amount: BigInt(r.amount) });

export type CardBalanceRow = { cardId: string; ledgerAccountId: string; currency: string };

/** The card-funding module's SQL: its own tables only, every query scoped to the merchant. */
export function createCardFundingRepository(db: ClientSource) {
  const read = <T>(fn: (c: Tx) => Promise<T>) => db.withClient(fn);
  return {
    async balanceAccounts(merchantId: string, customerId: string, cardIds: string[]) {
      return read(async (c) => {
        const { rows } = await c.query<CardBalanceRow>(
          `select card_id as "cardId", ledger_account_id as "ledgerAccountId", currency from card_balances
           where merchant_id = $1 and customer_id = $2 and card_id = any($3::uuid[])`,
          [merchantId, customerId, cardIds],
        );
        return rows;
      });
    },

    /** Records the card's balance account; a concurrent first top-up's record wins, and is returned. */
    async claimBalanceAccount(row: {
      merchantId: string;
      customerId: string;
      cardId: string;
      ledgerAccountId: string;
      currency: string;
    }): Promise<string> {
      return read(async (c) => {
        await c.query(
          `insert into card_balances (merchant_id, card_id, customer_id, ledger_account_id, currency)
           values ($1, $2, $3, $4, $5) on conflict (merchant_id, card_id) do nothing`,
          [row.merchantId, row.cardId, row.customerId, row.ledgerAccountId, row.currency],
        );
        const { rows } = await c.query<{ id: string }>(
          `select ledger_account_id as id from card_balances where merchant_id = $1 and card_id = $2`,
          [row.merchantId, row.cardId],
        );
        const id = rows[0]?.id;
        if (!id) throw new Error("card balance account vanished after insert");
        return id;
      });
    },

    async linkOffer(merchantId: string, customerId: string, cardId: string, offerId: string) {
      await read((c) =>
        c.query(
          `insert into card_top_up_offers (merchant_id, offer_id, customer_id, card_id) values ($1, $2, $3, $4)`,
          [merchantId, offerId, customerId, cardId],
        ),
      );
    },

    /** True when the offer was priced for this customer's card. */
    async offerIsFor(merchantId: string, customerId: string, cardId: string, offerId: string) {
      const { rows } = await read((c) =>
        c.query(
          `select 1 from card_top_up_offers
           where merchant_id = $1 and customer_id = $2 and card_id = $3 and offer_id = $4`,
          [merchantId, customerId, cardId, offerId],
        ),
      );
      return rows.length > 0;
    },

    /** A page of the card's history, newest first, and how many rows it has. */
    async page(merchantId: string, customerId: string, cardId: string, offset: number, size: number) {
      return read(async (c) => {
        const [{ rows }, count] = await Promise.all([
          c.query<RawOperation>(
            `select ${OPERATION_COLUMNS} from card_operations
             where merchant_id = $1 and customer_id = $2 and card_id = $3
             order by created_at desc, id desc offset $4 limit $5`,
            [merchantId, customerId, cardId, offset, size],
          ),
          c.query<{ total: string }>(
            `select count(*) as total from card_operations
             where merchant_id = $1 and customer_id = $2 and card_id = $3`,
            [merchantId, customerId, cardId],
          ),
        ]);
        return { rows: rows.map(toOperation), total: Number(count.rows[0]?.total ?? 0) };
      });
    },

    /** Money into and out of each card since `since` (top-ups and refunds in; purchases held or settled out). */
    async monthlySums(merchantId: string, customerId: string, cardIds: string[], since: Date) {
      const { rows } = await read((c) =>
        c.query<{ cardId: string; income: string; expenses: string }>(
          `select card_id as "cardId",
             coalesce(sum(amount) filter (where kind in ('TOP_UP', 'REFUND') and status = 'COMPLETED'), 0)::text as income,
             coalesce(sum(amount) filter (where kind = 'PURCHASE' and status in ('PENDING', 'COMPLETED')), 0)::text as expenses
           from card_operations
           where merchant_id = $1 and customer_id = $2 and card_id = any($3::uuid[]) and created_at >= $4
           group by card_id`,
          [merchantId, customerId, cardIds, since],
        ),
      );
      return new Map(rows.map((r) => [r.cardId, { income: BigInt(r.income), expenses: BigInt(r.expenses) }]));
    },

    async findEventResponse(merchantId: string, eventId: string): Promise<Json | undefined> {
      const { rows } = await read((c) =>
        c.query<{ response: Json }>(
          `select response from card_issuer_events where merchant_id = $1 and event_id = $2`,
          [merchantId, eventId],
        ),
      );
      return rows[0]?.response;
    },

    async findPurchase(merchantId: string, cardId: string, issuerTxId: string) {
      const { rows } = await read((c) =>
        c.query<RawOperation>(
          `select ${OPERATION_COLUMNS} from card_operations
           where merchant_id = $1 and card_id = $2 and issuer_tx_id = $3 and kind = 'PURCHASE'`,
          [merchantId, cardId, issuerTxId],
        ),
      );
      return rows[0] ? toOperation(rows[0]) : undefined;
    },
  };
}

export type CardFundingRepository = ReturnType<typeof createCardFundingRepository>;

/**
 * Claims an issuer event in the caller's transaction: true for the first; false when it was
 * handled already (a concurrent handler's insert waits for that one to commit or roll back).
 */
export async function claimEventSql(tx: Tx, merchantId: string, eventId: string) {
  const { rowCount } = await tx.query(
    `insert into card_issuer_events (merchant_id, event_id, response) values ($1, $2, '{}')
     on conflict (merchant_id, event_id) do nothing`,
    [merchantId, eventId],
  );
  return rowCount === 1;
}

/** The answer to a claimed event, written before its transaction commits. */
export async function storeEventAnswerSql(tx: Tx, merchantId: string, eventId: string, response: Json) {
  await tx.query(`update card_issuer_events set response = $3 where merchant_id = $1 and event_id = $2`, [
    merchantId,
    eventId,
    JSON.stringify(response),
  ]);
}

export async function insertOperationSql(tx: Tx, op: NewCardOperation): Promise<void> {
  await tx.query(
    `insert into card_operations (merchant_id, id, customer_id, card_id, kind, status, amount, currency,
       description, decline_reason, issuer_tx_id, pending_transfer_id, operation_id, details, created_at, updated_at,
       issuer_event_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16)`,
    [
      op.merchantId,
      op.id,
      op.customerId,
      op.cardId,
      op.kind,
      op.status,
      op.amount.toString(),
      op.currency,
      op.description,
      op.declineReason,
      op.issuerTxId,
      op.pendingTransferId,
      op.operationId,
      JSON.stringify(op.details),
      op.createdAt,
      op.issuerEventId ?? null,
    ],
  );
}

export async function lockPurchaseSql(tx: Tx, merchantId: string, id: string) {
  const { rows } = await tx.query<RawOperation>(
    `select ${OPERATION_COLUMNS} from card_operations where merchant_id = $1 and id = $2 for update`,
    [merchantId, id],
  );
  return rows[0] ? toOperation(rows[0]) : undefined;
}

/**
 * What the card's refunds of an issuer transaction add up to, in the caller's transaction (with
 * the purchase's row locked first, so two refunds of one purchase are summed one after the other).
 */
export async function refundedAmountSql(tx: Tx, merchantId: string, cardId: string, issuerTxId: string) {
  const { rows } = await tx.query<{ total: string }>(
    `select coalesce(sum(amount), 0)::text as total from card_operations
     where merchant_id = $1 and card_id = $2 and issuer_tx_id = $3 and kind = 'REFUND'`,
    [merchantId, cardId, issuerTxId],
  );
  return BigInt(rows[0]?.total ?? "0");
}

export async function setOperationStatusSql(
  tx: Tx,
  merchantId: string,
  id: string,
  status: CardOperationStatus,
  operationId: string,
  at: Date,
) {
  await tx.query(
    `update card_operations set status = $3, operation_id = $4, updated_at = $5 where merchant_id = $1 and id = $2`,
    [merchantId, id, status, operationId, at],
  );
}
