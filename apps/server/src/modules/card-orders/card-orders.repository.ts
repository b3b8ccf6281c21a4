import type pg from "pg";
import type { CardForm, CardPlan } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import type { RequestRow } from "./card-orders.types.ts";

export type { RequestRow };

export type PriceRow = {
  program: string;
  cardType: CardForm;
  currency: string;
  price: bigint;
  delivery: bigint;
  plan: CardPlan;
  fees: unknown;
};

/** A seeded price: the merchant's price of a program's card. */
export type NewPriceRow = PriceRow & { merchantId: string };
/** A seeded promo code; `active` defaults to true. */
export type NewPromoCodeRow = { merchantId: string; code: string; discountBps: number; active?: boolean };

export type CustomerInfoRow = { personalInfo: Record<string, unknown> };

const REQUEST_COLUMNS = `merchant_id as "merchantId", id, customer_id as "customerId", program, card_type as "cardType",
  colour, status, step, billing_address as "billingAddress", shipping_address as "shippingAddress",
  shipping_match_billing as "shippingMatchBilling", cardholder_first_name as "cardholderFirstName",
  cardholder_last_name as "cardholderLastName", promo_code as "promoCode", payment_offer_id as "paymentOfferId",
  payment_operation_id as "paymentOperationId", paid_currency as "paidCurrency", paid_amount as "paidAmount",
  refund_operation_id as "refundOperationId", created_at as "createdAt", updated_at as "updatedAt"`;

type Raw<T, K extends keyof T> = Omit<T, K> & Record<K, string | null>;
const toRequest = (r: Raw<RequestRow, "paidAmount">): RequestRow => ({
  ...r,
  paidAmount: r.paidAmount === null ? null : BigInt(r.paidAmount),
});
const toPrice = (r: Raw<PriceRow, "price" | "delivery">): PriceRow => ({
  ...r,
  price: BigInt(r.price ?? "0"),
  delivery: BigInt(r.delivery ?? "0"),
});

/** Which of the request's fields a step writes (only while the request is OPEN). */
export type RequestPatch = Partial<
  Pick<
    RequestRow,
    | "step"
    | "billingAddress"
    | "shippingAddress"
    | "shippingMatchBilling"
    | "cardholderFirstName"
    | "cardholderLastName"
    | "promoCode"
    | "paymentOfferId"
  >
>;
const PATCH_COLUMNS: Record<keyof RequestPatch, string> = {
  step: "step",
  billingAddress: "billing_address",
  shippingAddress: "shipping_address",
  shippingMatchBilling: "shipping_match_billing",
  cardholderFirstName: "cardholder_first_name",
  cardholderLastName: "cardholder_last_name",
  promoCode: "promo_code",
  paymentOfferId: "payment_offer_id",
};

/**
 * The card order's SQL (tables card_requests, card_prices, card_promo_codes, card_customer_info):
 * every query scoped by merchant, and by customer where a customer asks.
 */
export function createCardOrdersRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  const query = <R extends pg.QueryResultRow>(text: string, params: unknown[]) =>
    db.withClient((c) => c.query<R>(text, params));

  return {
    async insertRequest(
      row: Omit<
        RequestRow,
        | "paymentOfferId"
        | "paymentOperationId"
        | "paidCurrency"
        | "paidAmount"
        | "refundOperationId"
        | "updatedAt"
        | "billingAddress"
        | "shippingAddress"
        | "cardholderFirstName"
        | "cardholderLastName"
        | "promoCode"
        | "shippingMatchBilling"
      >,
    ) {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `insert into card_requests (merchant_id, id, customer_id, program, card_type, colour, status, step, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning ${REQUEST_COLUMNS}`,
        [
          row.merchantId,
          row.id,
          row.customerId,
          row.program,
          row.cardType,
          row.colour,
          row.status,
          row.step,
          row.createdAt,
        ],
      );
      return toRequest(rows[0] as Raw<RequestRow, "paidAmount">);
    },

    async findRequest(merchantId: string, customerId: string, id: string): Promise<RequestRow | undefined> {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `select ${REQUEST_COLUMNS} from card_requests where merchant_id = $1 and customer_id = $2 and id = $3`,
        [merchantId, customerId, id],
      );
      return rows[0] ? toRequest(rows[0]) : undefined;
    },

    /** The customer's orders of a program not cancelled and without a card yet. */
    async listPendingRequests(
      merchantId: string,
      customerId: string,
      program: string,
    ): Promise<RequestRow[]> {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `select ${REQUEST_COLUMNS} from card_requests
         where merchant_id = $1 and customer_id = $2 and program = $3 and status in ('OPEN', 'PAID')
         order by created_at desc`,
        [merchantId, customerId, program],
      );
      return rows.map(toRequest);
    },

    updateOpenRequest: (merchantId: string, customerId: string, id: string, patch: RequestPatch, at: Date) =>
      db.withClient((c) => updateOpenRequestSql(c, merchantId, customerId, id, patch, at)),

    async findRequestByOffer(merchantId: string, customerId: string, offerId: string) {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `select ${REQUEST_COLUMNS} from card_requests where merchant_id = $1 and customer_id = $2 and payment_offer_id = $3`,
        [merchantId, customerId, offerId],
      );
      return rows[0] ? toRequest(rows[0]) : undefined;
    },

    /** The merchant's orders paid and not issued whose payment was before `before`, oldest first. */
    async paidNotIssuedBefore(merchantId: string, before: Date, limit: number): Promise<RequestRow[]> {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `select ${REQUEST_COLUMNS} from card_requests
         where merchant_id = $1 and status = 'PAID' and updated_at < $2 order by updated_at, id limit $3`,
        [merchantId, before, limit],
      );
      return rows.map(toRequest);
    },

    /** The customer's orders of these ids (the orders of their issued cards). */
    async findRequests(merchantId: string, customerId: string, ids: string[]): Promise<RequestRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `select ${REQUEST_COLUMNS} from card_requests where merchant_id = $1 and customer_id = $2 and id = any($3::uuid[])`,
        [merchantId, customerId, ids],
      );
      return rows.map(toRequest);
    },

    async findRequestById(merchantId: string, id: string): Promise<RequestRow | undefined> {
      const { rows } = await query<Raw<RequestRow, "paidAmount">>(
        `select ${REQUEST_COLUMNS} from card_requests where merchant_id = $1 and id = $2`,
        [merchantId, id],
      );
      return rows[0] ? toRequest(rows[0]) : undefined;
    },

    async customerInfo(merchantId: string, customerId: string): Promise<CustomerInfoRow | undefined> {
      const { rows } = await query<CustomerInfoRow>(
        `select personal_info as "personalInfo"
         from card_customer_info where merchant_id = $1 and customer_id = $2`,
        [merchantId, customerId],
      );
      return rows[0];
    },

    async listPrices(merchantId: string, program: string): Promise<PriceRow[]> {
      const { rows } = await query<Raw<PriceRow, "price" | "delivery">>(
        `select program, card_type as "cardType", currency, price, delivery, plan, fees from card_prices
         where merchant_id = $1 and program = $2 order by card_type`,
        [merchantId, program],
      );
      return rows.map(toPrice);
    },

    async promoDiscountBps(merchantId: string, code: string): Promise<number | undefined> {
      const { rows } = await query<{ discountBps: number }>(
        `select discount_bps as "discountBps" from card_promo_codes where merchant_id = $1 and code = $2 and active`,
        [merchantId, code],
      );
      return rows[0]?.discountBps;
    },
  };
}

export type CardOrdersRepository = ReturnType<typeof createCardOrdersRepository>;

// Statements of a use-case's transaction (the caller's `tx`).

/** Writes a step's fields to an OPEN order; undefined when it is not (or no longer) open. */
export async function updateOpenRequestSql(
  tx: Tx,
  merchantId: string,
  customerId: string,
  id: string,
  patch: RequestPatch,
  at: Date,
): Promise<RequestRow | undefined> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof RequestPatch, unknown][];
  const sets = entries.map(([k], i) => `${PATCH_COLUMNS[k]} = $${i + 5}`);
  const values = entries.map(([k, v]) =>
    k === "billingAddress" || k === "shippingAddress" ? JSON.stringify(v) : v,
  );
  const { rows } = await tx.query<Raw<RequestRow, "paidAmount">>(
    `update card_requests set ${[...sets, "updated_at = $4"].join(", ")}
     where merchant_id = $1 and customer_id = $2 and id = $3 and status = 'OPEN' returning ${REQUEST_COLUMNS}`,
    [merchantId, customerId, id, at, ...values],
  );
  return rows[0] ? toRequest(rows[0]) : undefined;
}

/** The customer's answers to the card's personal questions (once per customer, for every card). */
export async function savePersonalInfoSql(
  tx: Tx,
  merchantId: string,
  customerId: string,
  info: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await tx.query(
    `insert into card_customer_info (merchant_id, customer_id, personal_info, updated_at)
     values ($1, $2, $3, $4) on conflict (merchant_id, customer_id)
     do update set personal_info = excluded.personal_info, updated_at = excluded.updated_at`,
    [merchantId, customerId, JSON.stringify(info), at],
  );
}

/**
 * The order's row, locked until the transaction ends. An UPDATE that changes nothing: a write holds
 * the merchant's shard group in place on Citus (docs/scaling.md, "A transaction's first statement writes").
 */
export async function lockRequestSql(
  tx: Tx,
  merchantId: string,
  id: string,
): Promise<RequestRow | undefined> {
  const { rows } = await tx.query<Raw<RequestRow, "paidAmount">>(
    `update card_requests set updated_at = updated_at where merchant_id = $1 and id = $2 returning ${REQUEST_COLUMNS}`,
    [merchantId, id],
  );
  return rows[0] ? toRequest(rows[0]) : undefined;
}

export async function markPaidSql(
  tx: Tx,
  r: {
    merchantId: string;
    id: string;
    offerId: string;
    operationId: string;
    currency: string;
    amount: bigint;
    at: Date;
  },
) {
  await tx.query(
    `update card_requests set status = 'PAID', payment_offer_id = $3, payment_operation_id = $4, paid_currency = $5,
       paid_amount = $6, updated_at = $7 where merchant_id = $1 and id = $2 and status = 'OPEN'`,
    [r.merchantId, r.id, r.offerId, r.operationId, r.currency, r.amount.toString(), r.at],
  );
}

export async function markCancelledSql(
  tx: Tx,
  merchantId: string,
  id: string,
  refundOperationId: string | null,
  at: Date,
) {
  await tx.query(
    `update card_requests set status = 'CANCELLED', refund_operation_id = $3, updated_at = $4
     where merchant_id = $1 and id = $2 and status in ('OPEN', 'PAID')`,
    [merchantId, id, refundOperationId, at],
  );
}

/** The order's card exists (the cards module recorded it in the same transaction). */
export async function markIssuedSql(tx: Tx, merchantId: string, id: string, at: Date): Promise<void> {
  await tx.query(
    `update card_requests set status = 'ISSUED', updated_at = $3 where merchant_id = $1 and id = $2 and status = 'PAID'`,
    [merchantId, id, at],
  );
}

/** Seeds prices and promo codes, each in one statement; an existing row is left as it is. */
export async function insertPricesIfMissingSql(
  tx: Tx,
  prices: NewPriceRow[],
  promos: NewPromoCodeRow[],
): Promise<void> {
  if (prices.length > 0) {
    const values: unknown[] = [];
    const tuples = prices.map(
      (r) =>
        `($${values.push(r.merchantId)}, $${values.push(r.program)}, $${values.push(r.cardType)}, $${values.push(r.currency)}, $${values.push(String(r.price))}, $${values.push(String(r.delivery))}, $${values.push(r.plan)}, $${values.push(JSON.stringify(r.fees))}::jsonb)`,
    );
    await tx.query(
      `insert into card_prices (merchant_id, program, card_type, currency, price, delivery, plan, fees)
       values ${tuples.join(", ")} on conflict do nothing`,
      values,
    );
  }
  if (promos.length > 0) {
    const values: unknown[] = [];
    const tuples = promos.map(
      (r) =>
        `($${values.push(r.merchantId)}, $${values.push(r.code)}, $${values.push(r.discountBps)}, $${values.push(r.active ?? true)})`,
    );
    await tx.query(
      `insert into card_promo_codes (merchant_id, code, discount_bps, active)
       values ${tuples.join(", ")} on conflict do nothing`,
      values,
    );
  }
}
