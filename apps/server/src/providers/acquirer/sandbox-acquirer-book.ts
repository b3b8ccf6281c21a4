import type { ClientSource } from "../../db/transaction.ts";
import { type ProviderBook, sqlBook } from "../provider-book.ts";

/** The sandbox acquirer's balance: pay-ins it captured less payouts it paid, from its own payments. */
export const sandboxAcquirerBook = (db: ClientSource): ProviderBook =>
  sqlBook(
    db,
    `select (coalesce(sum(amount) filter (where kind = 'PAYIN' and status = 'CAPTURED'), 0)
       - coalesce(sum(amount) filter (where kind = 'PAYOUT' and status = 'PAID'), 0))::text as balance
     from sandbox_acquirer_payments where currency = $1`,
  );
