import type { ClientSource } from "../../db/transaction.ts";
import { type ProviderBook, sqlBook } from "../provider-book.ts";

/**
 * The sandbox chain's balance of our wallets: confirmed payments in less confirmed withdrawals
 * out, each with the network fee the hot wallet paid for it.
 */
export const sandboxChainBook = (db: ClientSource): ProviderBook =>
  sqlBook(
    db,
    `select (coalesce(sum(amount) filter (where direction = 'IN'), 0)
       - coalesce(sum(amount + network_fee) filter (where direction = 'OUT'), 0))::text as balance
     from sandbox_chain_transactions where currency = $1 and status = 'CONFIRMED'`,
  );
