import type { ClientSource } from "../../db/transaction.ts";
import { type ProviderBook, sqlBook } from "../provider-book.ts";

/** The sandbox bank's balance of our accounts: transfers in it executed less transfers out it executed. */
export const sandboxBankBook = (db: ClientSource): ProviderBook =>
  sqlBook(
    db,
    `select (coalesce(sum(amount) filter (where direction = 'IN'), 0)
       - coalesce(sum(amount) filter (where direction = 'OUT'), 0))::text as balance
     from sandbox_bank_transfers where currency = $1 and status = 'EXECUTED'`,
  );
