import type { ClientSource } from "../db/transaction.ts";

/**
 * What an outside party says it holds for the platform in one currency, from its own records
 * (a real provider: its balance API or its daily statement; docs/backoffice.md "Reports and
 * reconciliation"). Minor units; the reconciliation puts it beside the ledger's house accounts.
 */
export type ProviderBook = { balance(currency: string): Promise<bigint> };

/** A book whose figure is one SQL sum over the sandbox provider's own table. */
export function sqlBook(db: ClientSource, sql: string): ProviderBook {
  return {
    async balance(currency) {
      const { rows } = await db.withClient((c) => c.query<{ balance: string }>(sql, [currency]));
      return BigInt(rows[0]?.balance ?? "0");
    },
  };
}
