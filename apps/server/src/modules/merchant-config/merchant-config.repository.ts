import type { ClientSource, Tx } from "../../db/transaction.ts";
import { CONFIG_CHANNEL, type ConfigSection } from "./merchant-config.types.ts";

/** One change of one section of a merchant's configuration, with its state before and after. */
export type ConfigVersionRow = {
  merchantId: string;
  /** 1, 2, 3... per merchant, across sections: the order changes were made in. */
  version: number;
  section: ConfigSection;
  before: unknown;
  after: unknown;
  operatorId: string | null;
  operatorEmail: string | null;
  reason: string | null;
  /** The version this one restored, when it is a rollback. */
  restoredVersion: number | null;
  createdAt: Date;
};
export type NewConfigVersionRow = Omit<ConfigVersionRow, "createdAt">;

const VERSION_COLUMNS = `merchant_id as "merchantId", version, section, before, after, operator_id as "operatorId",
  operator_email as "operatorEmail", reason, restored_version as "restoredVersion", created_at as "createdAt"`;

/** The configuration history's reads (the table takes appends only: see the functions below). */
export function createMerchantConfigRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    async find(merchantId: string, version: number): Promise<ConfigVersionRow | undefined> {
      const { rows } = await db.withClient((c) =>
        c.query<ConfigVersionRow>(
          `select ${VERSION_COLUMNS} from merchant_config_versions where merchant_id = $1 and version = $2`,
          [merchantId, version],
        ),
      );
      return rows[0];
    },
    /** Newest first; `before` pages on (versions older than it). */
    async list(q: {
      merchantId: string;
      section?: string | undefined;
      before?: number | undefined;
      limit: number;
    }): Promise<ConfigVersionRow[]> {
      const { rows } = await db.withClient((c) =>
        c.query<ConfigVersionRow>(
          `select ${VERSION_COLUMNS} from merchant_config_versions
           where merchant_id = $1 and ($2::text is null or section = $2) and ($3::int is null or version < $3)
           order by version desc limit $4`,
          [q.merchantId, q.section || null, q.before || null, q.limit],
        ),
      );
      return rows;
    },
  };
}

export type MerchantConfigRepository = ReturnType<typeof createMerchantConfigRepository>;

/** The next version of the merchant; the caller holds the merchant's lock, so no two get one. */
export async function nextVersionSql(tx: Tx, merchantId: string): Promise<number> {
  const { rows } = await tx.query<{ last: number }>(
    "select coalesce(max(version), 0)::int as last from merchant_config_versions where merchant_id = $1",
    [merchantId],
  );
  return (rows[0]?.last ?? 0) + 1;
}

export async function appendVersionSql(tx: Tx, row: NewConfigVersionRow): Promise<ConfigVersionRow> {
  const { rows } = await tx.query<ConfigVersionRow>(
    `insert into merchant_config_versions (merchant_id, version, section, before, after, operator_id, operator_email,
       reason, restored_version)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning ${VERSION_COLUMNS}`,
    [
      row.merchantId,
      row.version,
      row.section,
      // jsonb as its JSON text: node-postgres would send a JS array as a PostgreSQL array.
      JSON.stringify(row.before),
      JSON.stringify(row.after),
      row.operatorId,
      row.operatorEmail,
      row.reason,
      row.restoredVersion,
    ],
  );
  const stored = rows[0];
  if (!stored) throw new Error("configuration version not stored");
  return stored;
}

/**
 * Tells every instance (their LISTEN connections) that the merchant's configuration changed.
 * PostgreSQL delivers a notice at commit, and not at all on rollback.
 */
export async function notifyConfigChangedSql(tx: Tx, merchantId: string): Promise<void> {
  await tx.query("select pg_notify($1, $2)", [CONFIG_CHANNEL, merchantId]);
}
