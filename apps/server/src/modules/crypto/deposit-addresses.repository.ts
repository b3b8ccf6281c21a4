import type pg from "pg";
import type { Chain } from "../../db/schema/chain.ts";

type SqlClient = Pick<pg.PoolClient, "query">;

export type DepositAddress = { merchantId: string; customerId: string; chain: Chain; address: string };
/** A merchant's account-level public key of a chain; `next_index` starts at 0. */
export type NewAccountKey = {
  merchantId: string;
  chain: Chain;
  extendedPublicKey: string;
  accountPath: string;
};

const COLUMNS = `merchant_id as "merchantId", customer_id as "customerId", chain, address`;

/** The SQL of deposit addresses and the merchants' account keys they are derived from. */
export const depositAddressSql = {
  async listForCustomer(c: SqlClient, merchantId: string, customerId: string): Promise<DepositAddress[]> {
    const { rows } = await c.query<DepositAddress>({
      name: "deposit_addresses_of_customer",
      text: `select ${COLUMNS} from deposit_addresses where merchant_id = $1 and customer_id = $2`,
      values: [merchantId, customerId],
    });
    return rows;
  },

  /** Who owns an address (unique per chain across merchants, in deposit_address_owners). */
  async findByAddress(c: SqlClient, chain: Chain, address: string): Promise<DepositAddress | undefined> {
    const { rows } = await c.query<DepositAddress>({
      name: "deposit_address_owner",
      text: `select ${COLUMNS} from deposit_address_owners where chain = $1 and address = $2`,
      values: [chain, address],
    });
    return rows[0];
  },

  /** Takes the merchant's next index on a chain (row-locked until the transaction ends). */
  async takeNextIndex(
    c: SqlClient,
    merchantId: string,
    chain: Chain,
  ): Promise<{ index: number; extendedPublicKey: string } | undefined> {
    const { rows } = await c.query<{ index: number; extendedPublicKey: string }>(
      `update chain_account_keys set next_index = next_index + 1
       where merchant_id = $1 and chain = $2
       returning next_index - 1 as index, extended_public_key as "extendedPublicKey"`,
      [merchantId, chain],
    );
    return rows[0];
  },

  /**
   * False when the customer already has an address on this chain (a concurrent first request).
   * Its owner row is written with it: an address another merchant owns raises 23505.
   */
  async insert(c: SqlClient, a: DepositAddress & { id: string; derivationIndex: number }): Promise<boolean> {
    const { rowCount } = await c.query(
      `insert into deposit_addresses (id, merchant_id, customer_id, chain, derivation_index, address)
       values ($1, $2, $3, $4, $5, $6) on conflict (merchant_id, customer_id, chain) do nothing`,
      [a.id, a.merchantId, a.customerId, a.chain, a.derivationIndex, a.address],
    );
    if (rowCount !== 1) return false;
    await c.query(
      "insert into deposit_address_owners (chain, address, merchant_id, customer_id) values ($1, $2, $3, $4)",
      [a.chain, a.address, a.merchantId, a.customerId],
    );
    return true;
  },

  async chainsWithKeys(c: SqlClient, merchantId: string): Promise<Chain[]> {
    const { rows } = await c.query<{ chain: Chain }>({
      name: "chain_account_keys_of_merchant",
      text: "select chain from chain_account_keys where merchant_id = $1",
      values: [merchantId],
    });
    return rows.map((r) => r.chain);
  },
};

/** Seeds account keys in one statement; an existing key is never replaced. */
export async function insertAccountKeysIfMissingSql(c: SqlClient, rows: NewAccountKey[]): Promise<void> {
  if (rows.length === 0) return;
  const values: unknown[] = [];
  const tuples = rows.map(
    (r) =>
      `($${values.push(r.merchantId)}, $${values.push(r.chain)}, $${values.push(r.extendedPublicKey)}, $${values.push(r.accountPath)})`,
  );
  await c.query(
    `insert into chain_account_keys (merchant_id, chain, extended_public_key, account_path)
     values ${tuples.join(", ")} on conflict do nothing`,
    values,
  );
}
