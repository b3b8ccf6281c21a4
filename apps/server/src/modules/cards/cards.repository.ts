import type { CardStatus } from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";

/**
 * SQL of the customer's card controls (label, PIN flag, soft block) on the cards table: every
 * write scoped by merchant and customer, and a status change only from the status it expects, so
 * two racing confirmations change the card once.
 */
export function createCardSecurityRepository(db: ClientSource) {
  const changed = async (text: string, params: unknown[]) =>
    db.withClient(async (c) => ((await c.query(text, params)).rowCount ?? 0) > 0);

  return {
    setLabel: (merchantId: string, customerId: string, cardId: string, label: string | null, at: Date) =>
      changed(
        `update cards set label = $4, updated_at = $5 where merchant_id = $1 and customer_id = $2 and id = $3`,
        [merchantId, customerId, cardId, label, at],
      ),

    /** In the PIN's transaction `tx`, with its security event. */
    markPinSet: async (tx: Tx, merchantId: string, customerId: string, cardId: string, at: Date) =>
      ((
        await tx.query(
          `update cards set pin_set_at = $4, updated_at = $4 where merchant_id = $1 and customer_id = $2 and id = $3`,
          [merchantId, customerId, cardId, at],
        )
      ).rowCount ?? 0) > 0,

    /**
     * Moves the card from `from` to `to` in `tx` (the block's transaction, with its security
     * event); false when it was not in `from` (someone else moved it).
     */
    moveStatus: async (
      tx: Tx,
      merchantId: string,
      customerId: string,
      cardId: string,
      from: CardStatus,
      to: CardStatus,
      at: Date,
    ) =>
      ((
        await tx.query(
          `update cards set status = $5, updated_at = $6
           where merchant_id = $1 and customer_id = $2 and id = $3 and status = $4`,
          [merchantId, customerId, cardId, from, to, at],
        )
      ).rowCount ?? 0) > 0,
  };
}

export type CardSecurityRepository = ReturnType<typeof createCardSecurityRepository>;
