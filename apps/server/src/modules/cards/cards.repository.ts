import type pg from "pg";
import type { CardDeliveryState, CardForm, CardStatus } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import type { CardRow } from "./cards.types.ts";

export type RsaKeyRow = { id: string; publicKey: string; privateKeyCiphertext: string; dataKeyId: string };

const CARD_COLUMNS = `merchant_id as "merchantId", id, customer_id as "customerId", request_id as "requestId", program,
  card_type as "cardType", colour, issuer_card_id as "issuerCardId", last4, expiry_month as "expiryMonth",
  expiry_year as "expiryYear", cardholder_name as "cardholderName", status, delivery_state as "deliveryState",
  activated_at as "activatedAt", label, pin_set_at as "pinSetAt", created_at as "createdAt"`;

const RSA_COLUMNS = `id, public_key as "publicKey", private_key_ciphertext as "privateKeyCiphertext", data_key_id as "dataKeyId"`;

/**
 * The issued cards' SQL (tables cards and card_rsa_keys): every card query scoped by merchant,
 * and by customer where a customer asks; a status change only from the status it expects, so two
 * racing confirmations change the card once.
 */
export function createCardsRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  const query = <R extends pg.QueryResultRow>(text: string, params: unknown[]) =>
    db.withClient((c) => c.query<R>(text, params));

  return {
    /** Every card of a customer, any program, newest first (the back-office). */
    async listAllCards(merchantId: string, customerId: string): Promise<CardRow[]> {
      const { rows } = await query<CardRow>(
        `select ${CARD_COLUMNS} from cards where merchant_id = $1 and customer_id = $2 order by created_at desc`,
        [merchantId, customerId],
      );
      return rows;
    },
    /** The customers of this merchant holding a card ending in `last4` (the back-office's search). */
    async customerIdsByLast4(merchantId: string, last4: string): Promise<string[]> {
      const { rows } = await query<{ customerId: string }>(
        `select distinct customer_id as "customerId" from cards where merchant_id = $1 and last4 = $2 limit 50`,
        [merchantId, last4],
      );
      return rows.map((r) => r.customerId);
    },
    async listCards(merchantId: string, customerId: string, program: string): Promise<CardRow[]> {
      const { rows } = await query<CardRow>(
        `select ${CARD_COLUMNS} from cards where merchant_id = $1 and customer_id = $2 and program = $3
         order by created_at desc`,
        [merchantId, customerId, program],
      );
      return rows;
    },

    async findCard(merchantId: string, customerId: string, id: string): Promise<CardRow | undefined> {
      const { rows } = await query<CardRow>(
        `select ${CARD_COLUMNS} from cards where merchant_id = $1 and customer_id = $2 and id = $3`,
        [merchantId, customerId, id],
      );
      return rows[0];
    },

    /** A card by the issuer's id (its callbacks name it so), within the merchant. */
    async findCardByIssuerId(merchantId: string, issuerCardId: string): Promise<CardRow | undefined> {
      const { rows } = await query<CardRow>(
        `select ${CARD_COLUMNS} from cards where merchant_id = $1 and issuer_card_id = $2`,
        [merchantId, issuerCardId],
      );
      return rows[0];
    },

    /** The customer's cards of a program and form waiting for activation, newest first. */
    async awaitingActivation(merchantId: string, customerId: string, program: string, cardType: CardForm) {
      const { rows } = await query<CardRow>(
        `select ${CARD_COLUMNS} from cards where merchant_id = $1 and customer_id = $2 and program = $3
           and card_type = $4 and status = 'ACTIVATION' order by created_at desc`,
        [merchantId, customerId, program, cardType],
      );
      return rows;
    },

    async markActive(merchantId: string, cardId: string, at: Date): Promise<CardRow | undefined> {
      const { rows } = await query<CardRow>(
        `update cards set status = 'ACTIVE', activated_at = $3, updated_at = $3,
           delivery_state = case when card_type = 'PLASTIC' then 'ACTIVATED' else null end
         where merchant_id = $1 and id = $2 and status in ('ACTIVATION', 'ACTIVE') returning ${CARD_COLUMNS}`,
        [merchantId, cardId, at],
      );
      return rows[0];
    },

    async setLabel(merchantId: string, customerId: string, cardId: string, label: string | null, at: Date) {
      const { rowCount } = await query(
        `update cards set label = $4, updated_at = $5 where merchant_id = $1 and customer_id = $2 and id = $3`,
        [merchantId, customerId, cardId, label, at],
      );
      return (rowCount ?? 0) > 0;
    },

    async activeRsaKey(): Promise<RsaKeyRow | undefined> {
      const { rows } = await query<RsaKeyRow>(
        `select ${RSA_COLUMNS} from card_rsa_keys where active order by created_at desc, id desc limit 1`,
        [],
      );
      return rows[0];
    },

    async findRsaKey(id: string): Promise<RsaKeyRow | undefined> {
      const { rows } = await query<RsaKeyRow>(
        `select ${RSA_COLUMNS} from card_rsa_keys where id = $1 and active`,
        [id],
      );
      return rows[0];
    },

    /**
     * Inserts the first key pair unless one is active already (two instances starting together
     * both try; an advisory lock lets one win and the other read its pair).
     */
    async insertRsaKeyIfNone(row: RsaKeyRow): Promise<void> {
      await db.withClient(async (c) => {
        await c.query("begin");
        try {
          await c.query(`select pg_advisory_xact_lock(hashtext('card_rsa_keys'))`);
          await c.query(
            `insert into card_rsa_keys (id, public_key, private_key_ciphertext, data_key_id)
             select $1, $2, $3, $4 where not exists (select 1 from card_rsa_keys where active)`,
            [row.id, row.publicKey, row.privateKeyCiphertext, row.dataKeyId],
          );
          await c.query("commit");
        } catch (err) {
          await c.query("rollback");
          throw err;
        }
      });
    },
  };
}

export type CardsRepository = ReturnType<typeof createCardsRepository>;

// Statements of a use-case's transaction (the caller's `tx`).

/**
 * The customer's card as committed now, locked until the caller's transaction ends: a use-case
 * judges the card's status on this row. `for share`: a status change (a soft block, the issuer's
 * block) waits for the transaction, one committed before is what this reads, and the card's
 * purchases and top-ups do not queue behind each other for it.
 */
export async function lockCardSql(
  tx: Tx,
  merchantId: string,
  customerId: string,
  id: string,
): Promise<CardRow | undefined> {
  const { rows } = await tx.query<CardRow>(
    `select ${CARD_COLUMNS} from cards where merchant_id = $1 and customer_id = $2 and id = $3 for share`,
    [merchantId, customerId, id],
  );
  return rows[0];
}

/** The card the issuer made for an order, recorded once (a repeated report changes nothing). */
export async function insertCardSql(
  tx: Tx,
  card: Omit<CardRow, "activatedAt" | "label" | "pinSetAt">,
): Promise<void> {
  await tx.query(
    `insert into cards (merchant_id, id, customer_id, request_id, program, card_type, colour, issuer_card_id, last4,
       expiry_month, expiry_year, cardholder_name, status, delivery_state, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)
     on conflict (merchant_id, request_id) do nothing`,
    [
      card.merchantId,
      card.id,
      card.customerId,
      card.requestId,
      card.program,
      card.cardType,
      card.colour,
      card.issuerCardId,
      card.last4,
      card.expiryMonth,
      card.expiryYear,
      card.cardholderName,
      card.status,
      card.deliveryState,
      card.createdAt,
    ],
  );
}

const DELIVERY_ORDER = ["ORDER_PENDING", "ORDERED", "IN_DELIVERY", "SUPPORT", "ACTIVATED"];

/** A plastic card's trip moves forward only: a late or repeated callback changes nothing. */
export async function advanceDeliverySql(
  tx: Tx,
  merchantId: string,
  issuerCardId: string,
  state: CardDeliveryState,
  at: Date,
) {
  const earlier = DELIVERY_ORDER.slice(0, DELIVERY_ORDER.indexOf(state));
  await tx.query(
    `update cards set delivery_state = $3, updated_at = $4,
       status = case when $3 = 'SUPPORT' and status = 'ACTIVATION' then 'SUPPORT' else status end
     where merchant_id = $1 and issuer_card_id = $2 and delivery_state = any($5::text[])`,
    [merchantId, issuerCardId, state, at, earlier],
  );
}

/** The PIN was set (the PIN itself is only at the issuer), in the PIN's transaction with its security event. */
export async function markPinSetSql(
  tx: Tx,
  merchantId: string,
  customerId: string,
  cardId: string,
  at: Date,
) {
  const { rowCount } = await tx.query(
    `update cards set pin_set_at = $4, updated_at = $4 where merchant_id = $1 and customer_id = $2 and id = $3`,
    [merchantId, customerId, cardId, at],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Moves the card from `from` to `to` in `tx` (the block's transaction, with its security event);
 * false when it was not in `from` (someone else moved it).
 */
export async function moveStatusSql(
  tx: Tx,
  merchantId: string,
  customerId: string,
  cardId: string,
  from: CardStatus,
  to: CardStatus,
  at: Date,
) {
  const { rowCount } = await tx.query(
    `update cards set status = $5, updated_at = $6
     where merchant_id = $1 and customer_id = $2 and id = $3 and status = $4`,
    [merchantId, customerId, cardId, from, to, at],
  );
  return (rowCount ?? 0) > 0;
}
