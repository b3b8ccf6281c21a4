import type { OfferKind, OfferStatus } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import type { FeeSettings } from "./fees.ts";

/** A seeded pair; `updated_at` takes its default (now). */
export type NewQuotePair = {
  merchantId: string;
  kind: OfferKind;
  currencyFrom: string;
  currencyTo: string;
  minAmountFrom: bigint;
  maxAmountFrom: bigint;
  locked?: boolean;
  fees: unknown;
};

/** A merchant's terms for a pair; `fees` is unvalidated JSON (the service parses it). */
export type QuotePairRow = {
  currencyFrom: string;
  currencyTo: string;
  minAmountFrom: bigint;
  maxAmountFrom: bigint;
  locked: boolean;
  fees: unknown;
};

/** An offer as stored: amounts in minor units, rates as value / 10^18. */
export type OfferRow = {
  merchantId: string;
  id: string;
  customerId: string;
  kind: OfferKind;
  status: OfferStatus;
  currencyFrom: string;
  currencyTo: string;
  fixedSide: "from" | "to";
  amountFrom: bigint;
  amountTo: bigint;
  converted: bigint;
  houseRemainder: bigint;
  feeTransaction: bigint;
  feeAdditional: bigint;
  feeFix: bigint;
  feeTotal: bigint;
  transactionBps: number;
  additionalBps: number;
  promoApplied: boolean;
  rate: bigint;
  midRate: bigint;
  expiresAt: Date;
  operationId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const MINOR_COLUMNS = [
  "amountFrom",
  "amountTo",
  "converted",
  "houseRemainder",
  "feeTransaction",
  "feeAdditional",
  "feeFix",
  "feeTotal",
  "rate",
  "midRate",
] as const;

// Column list with camel-case aliases: the same for every read of an offer.
const OFFER_COLUMNS = `merchant_id as "merchantId", id, customer_id as "customerId", kind, status,
  currency_from as "currencyFrom", currency_to as "currencyTo", fixed_side as "fixedSide",
  amount_from as "amountFrom", amount_to as "amountTo", converted, house_remainder as "houseRemainder",
  fee_transaction as "feeTransaction", fee_additional as "feeAdditional", fee_fix as "feeFix",
  fee_total as "feeTotal", transaction_bps as "transactionBps", additional_bps as "additionalBps",
  promo_applied as "promoApplied", rate, mid_rate as "midRate", expires_at as "expiresAt",
  operation_id as "operationId", created_at as "createdAt", updated_at as "updatedAt"`;

type RawOffer = Omit<OfferRow, (typeof MINOR_COLUMNS)[number]> &
  Record<(typeof MINOR_COLUMNS)[number], string>;

function toOffer(raw: RawOffer): OfferRow {
  const row = { ...raw } as unknown as OfferRow;
  for (const column of MINOR_COLUMNS) row[column] = BigInt(raw[column]);
  return row;
}

/** What pricing writes: everything of an offer but its status, execution and creation. */
export type PricedOfferRow = Omit<OfferRow, "status" | "operationId" | "createdAt" | "updatedAt">;

const pricedValues = (o: PricedOfferRow) => [
  o.merchantId,
  o.id,
  o.customerId,
  o.kind,
  o.currencyFrom,
  o.currencyTo,
  o.fixedSide,
  String(o.amountFrom),
  String(o.amountTo),
  String(o.converted),
  String(o.houseRemainder),
  String(o.feeTransaction),
  String(o.feeAdditional),
  String(o.feeFix),
  String(o.feeTotal),
  o.transactionBps,
  o.additionalBps,
  o.promoApplied,
  String(o.rate),
  String(o.midRate),
  o.expiresAt,
];

/**
 * The SQL of offers and their terms. Every statement names the merchant, and every offer
 * statement the customer too: another customer's offer is simply not found.
 */
export function createQuotesRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    async findPair(merchantId: string, kind: OfferKind, from: string, to: string) {
      const { rows } = await db.withClient((c) =>
        c.query<QuotePairRow & { minAmountFrom: string; maxAmountFrom: string }>(
          `select currency_from as "currencyFrom", currency_to as "currencyTo", min_amount_from as "minAmountFrom",
             max_amount_from as "maxAmountFrom", locked, fees
           from quote_pairs where merchant_id = $1 and kind = $2 and currency_from = $3 and currency_to = $4`,
          [merchantId, kind, from, to],
        ),
      );
      const row = rows[0];
      return row ? pairOf(row) : undefined;
    },

    async listPairs(merchantId: string, kind: OfferKind): Promise<QuotePairRow[]> {
      const { rows } = await db.withClient((c) =>
        c.query<QuotePairRow & { minAmountFrom: string; maxAmountFrom: string }>(
          `select currency_from as "currencyFrom", currency_to as "currencyTo", min_amount_from as "minAmountFrom",
             max_amount_from as "maxAmountFrom", locked, fees
           from quote_pairs where merchant_id = $1 and kind = $2 order by currency_from, currency_to`,
          [merchantId, kind],
        ),
      );
      return rows.map(pairOf);
    },

    /** Free transactions the customer has used of each pair's promo, by "FROM_TO". */
    async promoUsed(merchantId: string, customerId: string, kind: OfferKind): Promise<Map<string, number>> {
      const { rows } = await db.withClient((c) =>
        c.query<{ pair: string; used: number }>(
          `select currency_from || '_' || currency_to as pair, used from quote_promo_usage
           where merchant_id = $1 and customer_id = $2 and kind = $3`,
          [merchantId, customerId, kind],
        ),
      );
      return new Map(rows.map((r) => [r.pair, r.used]));
    },

    async insertOffer(offer: PricedOfferRow, now: Date): Promise<OfferRow> {
      const { rows } = await db.withClient((c) =>
        c.query<RawOffer>(
          `insert into quote_offers (merchant_id, id, customer_id, kind, currency_from, currency_to, fixed_side,
             amount_from, amount_to, converted, house_remainder, fee_transaction, fee_additional, fee_fix, fee_total,
             transaction_bps, additional_bps, promo_applied, rate, mid_rate, expires_at, status, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
             'open', $22, $22)
           returning ${OFFER_COLUMNS}`,
          [...pricedValues(offer), now],
        ),
      );
      return toOffer(rows[0] as RawOffer);
    },

    /** Re-prices the customer's offer while it is open; undefined when it is not (or not theirs). */
    repriceOpenOffer: (offer: PricedOfferRow, now: Date): Promise<OfferRow | undefined> =>
      db.withClient((c) => repriceOpenOfferSql(c, offer, now)),

    async findOffer(merchantId: string, customerId: string, id: string): Promise<OfferRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<RawOffer>(
          `select ${OFFER_COLUMNS} from quote_offers where merchant_id = $1 and id = $2 and customer_id = $3`,
          [merchantId, id, customerId],
        ),
      );
      return rows[0] ? toOffer(rows[0]) : undefined;
    },

    /** An open offer that lapsed is marked so: updates answer OFFER_EXPIRED from now on. */
    async markExpired(merchantId: string, id: string, now: Date): Promise<void> {
      await db.withClient((c) =>
        c.query(
          `update quote_offers set status = 'expired', updated_at = $3
           where merchant_id = $1 and id = $2 and status = 'open' and expires_at <= $3`,
          [merchantId, id, now],
        ),
      );
    },
  };
}

export type QuotesRepository = ReturnType<typeof createQuotesRepository>;

/**
 * The offer's row, locked in the execution's transaction: concurrent executions of one offer
 * take turns here, and the second sees the first's outcome.
 */
export async function lockOfferSql(
  tx: Tx,
  merchantId: string,
  customerId: string,
  id: string,
): Promise<OfferRow | undefined> {
  const { rows } = await tx.query<RawOffer>(
    // An UPDATE that changes nothing, not a FOR UPDATE: a write holds the merchant's shard group in
    // place on Citus until the transaction ends (docs/scaling.md, "A transaction's first statement writes").
    `update quote_offers set updated_at = updated_at
     where merchant_id = $1 and id = $2 and customer_id = $3 returning ${OFFER_COLUMNS}`,
    [merchantId, id, customerId],
  );
  return rows[0] ? toOffer(rows[0]) : undefined;
}

/** Re-prices the customer's offer while it is open; undefined when it is not (or not theirs). */
export async function repriceOpenOfferSql(
  tx: Tx,
  offer: PricedOfferRow,
  now: Date,
): Promise<OfferRow | undefined> {
  const { rows } = await tx.query<RawOffer>(
    `update quote_offers set kind = $4, currency_from = $5, currency_to = $6, fixed_side = $7,
       amount_from = $8, amount_to = $9, converted = $10, house_remainder = $11, fee_transaction = $12,
       fee_additional = $13, fee_fix = $14, fee_total = $15, transaction_bps = $16, additional_bps = $17,
       promo_applied = $18, rate = $19, mid_rate = $20, expires_at = $21, updated_at = $22
     where merchant_id = $1 and id = $2 and customer_id = $3 and status = 'open'
     returning ${OFFER_COLUMNS}`,
    [...pricedValues(offer), now],
  );
  return rows[0] ? toOffer(rows[0]) : undefined;
}

export async function markExecutedSql(
  tx: Tx,
  merchantId: string,
  id: string,
  operationId: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `update quote_offers set status = 'executed', operation_id = $3, updated_at = $4
     where merchant_id = $1 and id = $2 and status = 'open'`,
    [merchantId, id, operationId, now],
  );
}

/**
 * Uses one of the customer's free transactions of a pair, if any is left of `granted`: false when
 * they are used up (the offer was priced free, and another execution took the last one).
 */
export async function usePromoSql(
  tx: Tx,
  key: { merchantId: string; customerId: string; kind: OfferKind; from: string; to: string },
  granted: number,
): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into quote_promo_usage as u (merchant_id, customer_id, kind, currency_from, currency_to, used)
     values ($1, $2, $3, $4, $5, 1)
     on conflict (merchant_id, customer_id, kind, currency_from, currency_to)
       do update set used = u.used + 1 where u.used < $6
     returning used`,
    [key.merchantId, key.customerId, key.kind, key.from, key.to, granted],
  );
  return rows.length > 0 && granted > 0;
}

/**
 * Records on the offer that its free transaction is used, in the transaction that counted it
 * down. `updated_at` stays: it is the price's version, which pay compares (a re-price check).
 */
export async function markPromoUsedSql(tx: Tx, merchantId: string, id: string): Promise<void> {
  await tx.query(
    `update quote_offers set promo_state = 'used'
     where merchant_id = $1 and id = $2 and promo_applied and promo_state = 'none'`,
    [merchantId, id],
  );
}

/**
 * Gives back the free transaction the offer used, once: the offer moves from used to returned
 * under its row lock, and only the caller that moved it counts the usage down (a usage at 1 is
 * deleted: the table holds used > 0). False when there was nothing to give back.
 */
export async function returnPromoSql(tx: Tx, merchantId: string, id: string): Promise<boolean> {
  const { rows } = await tx.query<{ customerId: string; kind: OfferKind; from: string; to: string }>(
    `update quote_offers set promo_state = 'returned'
     where merchant_id = $1 and id = $2 and promo_state = 'used'
     returning customer_id as "customerId", kind, currency_from as "from", currency_to as "to"`,
    [merchantId, id],
  );
  const offer = rows[0];
  if (!offer) return false;
  const key = [merchantId, offer.customerId, offer.kind, offer.from, offer.to];
  const where = `merchant_id = $1 and customer_id = $2 and kind = $3 and currency_from = $4 and currency_to = $5`;
  await tx.query(`delete from quote_promo_usage where ${where} and used = 1`, key);
  await tx.query(`update quote_promo_usage set used = used - 1 where ${where} and used > 1`, key);
  return true;
}

/** One pair's fees as the back-office edits them (merchant-config's "fees" section). */
export type PairFees = { kind: OfferKind; currencyFrom: string; currencyTo: string; fees: FeeSettings };

/** Every pair's fees of the merchant, read in `tx` (under merchant-config's lock). */
export async function pairFeesSql(tx: Tx, merchantId: string): Promise<PairFees[]> {
  const { rows } = await tx.query<PairFees>(
    `select kind, currency_from as "currencyFrom", currency_to as "currencyTo", fees from quote_pairs
     where merchant_id = $1 order by kind, currency_from, currency_to`,
    [merchantId],
  );
  return rows;
}

/**
 * Sets the fees of the listed pairs in `tx`. Answers the index of the first pair the merchant
 * does not have (nothing to set: pairs are not created here), or undefined when all were set.
 * Quotes read their pair on every pricing, so the next quote on any instance has the new fees.
 */
export async function setPairFeesSql(
  tx: Tx,
  merchantId: string,
  pairs: PairFees[],
): Promise<number | undefined> {
  for (const [i, p] of pairs.entries()) {
    const { rowCount } = await tx.query(
      `update quote_pairs set fees = $5, updated_at = $6
       where merchant_id = $1 and kind = $2 and currency_from = $3 and currency_to = $4`,
      [merchantId, p.kind, p.currencyFrom, p.currencyTo, JSON.stringify(p.fees), new Date()],
    );
    if ((rowCount ?? 0) === 0) return i;
  }
  return undefined;
}

/** Seeds pairs in one statement; an existing pair (its terms edited since, maybe) is left as it is. */
export async function insertQuotePairsIfMissingSql(tx: Tx, rows: NewQuotePair[]): Promise<void> {
  if (rows.length === 0) return;
  const values: unknown[] = [];
  const tuples = rows.map(
    (r) =>
      `($${values.push(r.merchantId)}, $${values.push(r.kind)}, $${values.push(r.currencyFrom)}, $${values.push(r.currencyTo)}, $${values.push(String(r.minAmountFrom))}, $${values.push(String(r.maxAmountFrom))}, $${values.push(r.locked ?? false)}, $${values.push(JSON.stringify(r.fees))}::jsonb)`,
  );
  await tx.query(
    `insert into quote_pairs (merchant_id, kind, currency_from, currency_to, min_amount_from, max_amount_from, locked, fees)
     values ${tuples.join(", ")} on conflict do nothing`,
    values,
  );
}

function pairOf(row: QuotePairRow & { minAmountFrom: string | bigint; maxAmountFrom: string | bigint }) {
  return { ...row, minAmountFrom: BigInt(row.minAmountFrom), maxAmountFrom: BigInt(row.maxAmountFrom) };
}
