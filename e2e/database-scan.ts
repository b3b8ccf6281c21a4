import { loadConfig } from "../apps/server/src/config.ts";
import { createCardSecrets } from "../apps/server/src/providers/issuer/card-secrets.ts";
import { withClient } from "./ledger-audit.ts";

/** A value no table may hold in clear, and what a failure names it by (never the value itself). */
export type Secret = { value: string; label: string };

/**
 * The whole-database scan: every base table of every schema, each row as text, searched for each
 * secret. Returns how many tables were read (a scan of nothing proves nothing) and one
 * "<label> in <schema>.<table>" per find.
 */
export function scanDatabase(
  databaseUrl: string,
  secrets: readonly Secret[],
): Promise<{ tables: number; found: string[] }> {
  return withClient(databaseUrl, async (client) => {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const found: string[] = [];
    for (const { schema, name } of tables) {
      for (const { value, label } of secrets) {
        const { rows } = await client.query(
          `select 1 from "${schema}"."${name}" t where t::text like $1 limit 1`,
          [`%${value}%`],
        );
        if (rows.length > 0) found.push(`${label} in ${schema}.${name}`);
      }
    }
    return { tables: tables.length, found };
  });
}

/**
 * Every card number the sandbox issuer issued in this run, opened from its table with the card
 * data key the product was started with (the suite's environment, else the development key).
 */
export function issuedCardNumbers(databaseUrl: string): Promise<string[]> {
  const { cardDataKeys } = loadConfig({
    NODE_ENV: "test",
    ...(process.env.CARD_DATA_KEYS ? { CARD_DATA_KEYS: process.env.CARD_DATA_KEYS } : {}),
  });
  const secrets = createCardSecrets(cardDataKeys);
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ pan: string }>(
      "select pan_ciphertext as pan from sandbox_issuer_cards where pan_ciphertext is not null",
    );
    return rows.map((r) => secrets.decrypt(r.pan));
  });
}
