import pg from "pg";
import { checkInvariants } from "../apps/server/src/modules/ledger/index.ts";

// The ledger checks of `npm run ledger:audit` (the same checkInvariants), on the suite's database.
// Read-only, on one repeatable-read snapshot: safe while the product runs.

/** One connection to the suite's database for `use`, closed after. */
export async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** One line per violated invariant, with its sample rows; empty when every invariant holds. */
export function ledgerViolations(databaseUrl: string): Promise<string[]> {
  return withClient(databaseUrl, async (client) =>
    (await checkInvariants(client))
      .filter((verdict) => verdict.violations.length > 0)
      .map((verdict) => `${verdict.name}: ${verdict.violations.join("; ")}`),
  );
}

/** How many ledger operations were applied: an audit of an empty ledger would prove nothing. */
export function ledgerOperationCount(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: string }>("select count(*) as count from ledger_operations");
    return Number(rows[0]?.count ?? 0);
  });
}
