import type { ClientSource } from "../../db/transaction.ts";
import { type ProviderBook, sqlBook } from "../provider-book.ts";

/**
 * What the sandbox issuer has been paid: card purchases it settled and did not refund. It charges
 * nothing for issuing a card, so card orders are not in its book (docs/backoffice.md).
 */
export const sandboxIssuerBook = (db: ClientSource): ProviderBook =>
  sqlBook(
    db,
    `select coalesce(sum(amount), 0)::text as balance
     from sandbox_issuer_transactions where currency = $1 and state = 'SETTLED'`,
  );
