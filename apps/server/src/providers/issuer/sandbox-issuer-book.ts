import type { ClientSource } from "../../db/transaction.ts";
import { type ProviderBook, sqlBook } from "../provider-book.ts";

/**
 * What the sandbox issuer has been paid: the cards ordered from it and not withdrawn (their
 * price, which the card order credits to issuer_settlement), and the card purchases it settled
 * and did not refund (docs/backoffice.md "Reports and reconciliation").
 */
export const sandboxIssuerBook = (db: ClientSource): ProviderBook =>
  sqlBook(
    db,
    `select (coalesce((select sum(amount) from sandbox_issuer_transactions
                        where currency = $1 and state = 'SETTLED'), 0)
           + coalesce((select sum(price_amount) from sandbox_issuer_cards
                        where price_currency = $1 and state <> 'CANCELLED'), 0))::text as balance`,
  );
