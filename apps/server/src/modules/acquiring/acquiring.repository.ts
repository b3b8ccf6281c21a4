import type { CardPaymentStatus, CardPurpose } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import type { BillingAddress } from "./acquiring.schemas.ts";

export type CardRow = {
  merchantId: string;
  id: string;
  customerId: string;
  purpose: CardPurpose;
  acquirerToken: string;
  brand: string;
  maskedPan: string;
  bin: string;
  bankName: string;
  countryCode: string;
  countryName: string;
  holder: string;
  expMonth: number;
  expYear: number;
  billingAddress: BillingAddress | null;
  createdAt: Date;
};

export type PaymentRow = {
  merchantId: string;
  id: string;
  customerId: string;
  kind: "PAYIN_CARD" | "PAYOUT_CARD";
  offerId: string;
  cardId: string;
  status: CardPaymentStatus;
  providerRef: string | null;
  authLink: string | null;
  lastSequence: number;
  reason: string | null;
  pendingIds: string[] | null;
  /** What pay sent to the acquirer or reserved (the offer's amounts then); null while OFFERED. */
  amountFrom: bigint | null;
  currencyFrom: string | null;
  amountTo: bigint | null;
  currencyTo: string | null;
  updatedAt: Date;
};

type RawPayment = Omit<PaymentRow, "amountFrom" | "amountTo"> & {
  amountFrom: string | null;
  amountTo: string | null;
};
const toPayment = (r: RawPayment): PaymentRow => ({
  ...r,
  amountFrom: r.amountFrom === null ? null : BigInt(r.amountFrom),
  amountTo: r.amountTo === null ? null : BigInt(r.amountTo),
});

const CARD_COLUMNS = `merchant_id as "merchantId", id, customer_id as "customerId", purpose,
  acquirer_token as "acquirerToken", brand, masked_pan as "maskedPan", bin, bank_name as "bankName",
  country_code as "countryCode", country_name as "countryName", holder, exp_month as "expMonth",
  exp_year as "expYear", billing_address as "billingAddress", created_at as "createdAt"`;

const PAYMENT_COLUMNS = `merchant_id as "merchantId", id, customer_id as "customerId", kind, offer_id as "offerId",
  card_id as "cardId", status, provider_ref as "providerRef", auth_link as "authLink",
  last_sequence as "lastSequence", reason, pending_ids as "pendingIds", amount_from as "amountFrom",
  currency_from as "currencyFrom", amount_to as "amountTo", currency_to as "currencyTo", updated_at as "updatedAt"`;

/**
 * The SQL of saved cards and card payments. Every customer-facing statement names the merchant
 * and the customer: another customer's card or payment is simply not found.
 */
export function createAcquiringRepository(db: ClientSource) {
  return {
    async listCards(merchantId: string, customerId: string, purpose: CardPurpose): Promise<CardRow[]> {
      const { rows } = await db.withClient((c) =>
        c.query<CardRow>(
          `select ${CARD_COLUMNS} from payment_cards where merchant_id = $1 and customer_id = $2 and purpose = $3
           order by created_at desc`,
          [merchantId, customerId, purpose],
        ),
      );
      return rows;
    },

    async findCard(merchantId: string, customerId: string, id: string): Promise<CardRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<CardRow>(
          `select ${CARD_COLUMNS} from payment_cards where merchant_id = $1 and customer_id = $2 and id = $3`,
          [merchantId, customerId, id],
        ),
      );
      return rows[0];
    },

    /** The payment of an offer; written when the offer is created, moved on by pay and callbacks. */
    async upsertOffered(
      p: Pick<PaymentRow, "merchantId" | "id" | "customerId" | "kind" | "offerId" | "cardId">,
    ) {
      await db.withClient((c) =>
        c.query(
          `insert into card_payments (merchant_id, id, customer_id, kind, offer_id, card_id, status)
           values ($1, $2, $3, $4, $5, $6, 'OFFERED') on conflict (merchant_id, offer_id) do nothing`,
          [p.merchantId, p.id, p.customerId, p.kind, p.offerId, p.cardId],
        ),
      );
    },

    async findByOffer(
      merchantId: string,
      customerId: string,
      offerId: string,
    ): Promise<PaymentRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<RawPayment>(
          `select ${PAYMENT_COLUMNS} from card_payments where merchant_id = $1 and customer_id = $2 and offer_id = $3`,
          [merchantId, customerId, offerId],
        ),
      );
      return rows[0] && toPayment(rows[0]);
    },

    async countSucceeded(merchantId: string, customerId: string, kind: PaymentRow["kind"]): Promise<number> {
      const { rows } = await db.withClient((c) =>
        c.query<{ n: number }>(
          `select count(*)::int as n from card_payments
           where merchant_id = $1 and customer_id = $2 and kind = $3 and status = 'SUCCESS'`,
          [merchantId, customerId, kind],
        ),
      );
      return rows[0]?.n ?? 0;
    },

    /** One of the merchant's payments (another merchant's is not found). */
    async paymentOf(merchantId: string, id: string): Promise<PaymentRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<RawPayment>(
          `select ${PAYMENT_COLUMNS} from card_payments where merchant_id = $1 and id = $2`,
          [merchantId, id],
        ),
      );
      return rows[0] && toPayment(rows[0]);
    },

    /**
     * The merchant's payments under way at the acquirer (paid, not yet final) whose last step
     * was before `before`, oldest first: `updatedAt` is when it last moved.
     */
    async pendingBefore(merchantId: string, before: Date, limit: number): Promise<PaymentRow[]> {
      const { rows } = await db.withClient((c) =>
        c.query<RawPayment>(
          `select ${PAYMENT_COLUMNS} from card_payments
           where merchant_id = $1 and status in ('AUTHORISING', 'CHALLENGE', 'PENDING') and updated_at < $2
           order by updated_at, id limit $3`,
          [merchantId, before, limit],
        ),
      );
      return rows.map(toPayment);
    },

    /** A callback's payment: by our id (its reference) and the acquirer's id together. */
    async findForCallback(id: string, providerRef: string): Promise<PaymentRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<RawPayment>(
          `select ${PAYMENT_COLUMNS} from card_payments where id = $1 and (provider_ref = $2 or provider_ref is null)`,
          [id, providerRef],
        ),
      );
      return rows[0] && toPayment(rows[0]);
    },

    /** After the acquirer answered the authorisation: its id, the challenge link, the status. */
    async recordAuthorisation(
      merchantId: string,
      id: string,
      change: { providerRef: string; authLink: string | null; status: CardPaymentStatus },
    ) {
      await db.withClient((c) =>
        c.query(
          `update card_payments set provider_ref = $3, auth_link = $4,
             status = case when status = 'AUTHORISING' then $5 else status end, updated_at = now()
           where merchant_id = $1 and id = $2`,
          [merchantId, id, change.providerRef, change.authLink, change.status],
        ),
      );
    },
  };
}

export type AcquiringRepository = ReturnType<typeof createAcquiringRepository>;

/**
 * The payment's row, locked in a transaction: callbacks and pay take turns on it. An UPDATE that
 * changes nothing, not a SELECT ... FOR UPDATE: a write holds the merchant's shard group in place
 * on Citus until the transaction ends (docs/scaling.md, "A transaction's first statement writes").
 */
export async function lockPaymentSql(
  tx: Tx,
  merchantId: string,
  id: string,
): Promise<PaymentRow | undefined> {
  const { rows } = await tx.query<RawPayment>(
    `update card_payments set updated_at = updated_at where merchant_id = $1 and id = $2 returning ${PAYMENT_COLUMNS}`,
    [merchantId, id],
  );
  return rows[0] && toPayment(rows[0]);
}

export async function updatePaymentSql(
  tx: Tx,
  merchantId: string,
  id: string,
  change: {
    status: CardPaymentStatus;
    lastSequence?: number;
    reason?: string | null;
    pendingIds?: string[];
    amounts?: { amountFrom: bigint; currencyFrom: string; amountTo: bigint; currencyTo: string };
  },
) {
  await tx.query(
    `update card_payments set status = $3, last_sequence = coalesce($4, last_sequence),
       reason = coalesce($5, reason), pending_ids = coalesce($6::jsonb, pending_ids),
       amount_from = coalesce($7, amount_from), currency_from = coalesce($8, currency_from),
       amount_to = coalesce($9, amount_to), currency_to = coalesce($10, currency_to), updated_at = now()
     where merchant_id = $1 and id = $2`,
    [
      merchantId,
      id,
      change.status,
      change.lastSequence ?? null,
      change.reason ?? null,
      change.pendingIds ? JSON.stringify(change.pendingIds) : null,
      change.amounts ? String(change.amounts.amountFrom) : null,
      change.amounts?.currencyFrom ?? null,
      change.amounts ? String(change.amounts.amountTo) : null,
      change.amounts?.currencyTo ?? null,
    ],
  );
}

// Statements of a use-case's transaction (the caller's `tx`).

/** Saves the card (the same card again: the row it has, updated with the new details). */
export async function saveCardSql(tx: Tx, card: Omit<CardRow, "createdAt">): Promise<CardRow> {
  const { rows } = await tx.query<CardRow>(
    `insert into payment_cards (merchant_id, id, customer_id, purpose, acquirer_token, brand, masked_pan, bin,
       bank_name, country_code, country_name, holder, exp_month, exp_year, billing_address)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     on conflict (merchant_id, customer_id, purpose, acquirer_token) do update set holder = excluded.holder,
       exp_month = excluded.exp_month, exp_year = excluded.exp_year,
       billing_address = coalesce(excluded.billing_address, payment_cards.billing_address)
     returning ${CARD_COLUMNS}`,
    [
      card.merchantId,
      card.id,
      card.customerId,
      card.purpose,
      card.acquirerToken,
      card.brand,
      card.maskedPan,
      card.bin,
      card.bankName,
      card.countryCode,
      card.countryName,
      card.holder,
      card.expMonth,
      card.expYear,
      card.billingAddress ? JSON.stringify(card.billingAddress) : null,
    ],
  );
  return rows[0] as CardRow;
}

/** The billing address of the customer's card; false when no such card is theirs. */
export async function setBillingAddressSql(
  tx: Tx,
  merchantId: string,
  customerId: string,
  id: string,
  address: BillingAddress,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update payment_cards set billing_address = $4 where merchant_id = $1 and customer_id = $2 and id = $3`,
    [merchantId, customerId, id, JSON.stringify(address)],
  );
  return (rowCount ?? 0) > 0;
}
