import type { Tx } from "../../db/transaction.ts";

export type SentRow = {
  merchantId: string;
  reference: string;
  network: string;
  sender: string;
  nonce: number;
  txHash: string;
  gas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  sentAtHeight: number;
};

const SENT = `merchant_id as "merchantId", reference, network, sender, nonce::int as nonce, tx_hash as "txHash",
  gas, max_fee_per_gas as "maxFeePerGas", max_priority_fee_per_gas as "maxPriorityFeePerGas",
  sent_at_height::int as "sentAtHeight"`;

type RawSent = Omit<SentRow, "gas" | "maxFeePerGas" | "maxPriorityFeePerGas"> & Record<string, string>;
const sentRow = (r: RawSent): SentRow => ({
  ...r,
  gas: BigInt(r.gas as string),
  maxFeePerGas: BigInt(r.maxFeePerGas as string),
  maxPriorityFeePerGas: BigInt(r.maxPriorityFeePerGas as string),
});

/** The SQL of EVM withdrawals: nonce sequences and sent transactions. */
export const evmSentSql = {
  /** The withdrawal's merchant (its order carries no merchant). */
  async withdrawalMerchant(c: Tx, reference: string): Promise<string | undefined> {
    const { rows } = await c.query<{ merchantId: string }>(
      `select merchant_id as "merchantId" from crypto_withdrawals where id = $1`,
      [reference],
    );
    return rows[0]?.merchantId;
  },

  async find(c: Tx, merchantId: string, reference: string): Promise<SentRow | undefined> {
    const { rows } = await c.query<RawSent>(
      `select ${SENT} from chain_sent_transactions where merchant_id = $1 and reference = $2`,
      [merchantId, reference],
    );
    return rows[0] && sentRow(rows[0]);
  },

  /**
   * The sender's next nonce under its row's lock: the larger of ours and the node's (a
   * transaction sent from the same key elsewhere moves the node's on).
   */
  async takeNonce(c: Tx, network: string, sender: string, nodeNonce: number): Promise<number> {
    await c.query(
      `insert into chain_sender_nonces (network, sender, next_nonce) values ($1, $2, 0)
       on conflict (network, sender) do nothing`,
      [network, sender],
    );
    const { rows } = await c.query<{ nonce: string }>(
      `update chain_sender_nonces set next_nonce = greatest(next_nonce, $3) + 1
       where network = $1 and sender = $2 returning next_nonce - 1 as nonce`,
      [network, sender, nodeNonce],
    );
    return Number(rows[0]?.nonce);
  },

  async insert(c: Tx, s: SentRow): Promise<void> {
    await c.query(
      `insert into chain_sent_transactions (merchant_id, reference, network, sender, nonce, tx_hash, gas,
         max_fee_per_gas, max_priority_fee_per_gas, sent_at_height)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        s.merchantId,
        s.reference,
        s.network,
        s.sender,
        s.nonce,
        s.txHash,
        s.gas.toString(),
        s.maxFeePerGas.toString(),
        s.maxPriorityFeePerGas.toString(),
        s.sentAtHeight,
      ],
    );
  },

  /** A stuck transaction's replacement: same nonce, higher fees, new hash. */
  async replace(c: Tx, s: SentRow): Promise<void> {
    await c.query(
      `update chain_sent_transactions set tx_hash = $3, max_fee_per_gas = $4, max_priority_fee_per_gas = $5,
         sent_at_height = $6, updated_at = now()
       where merchant_id = $1 and reference = $2`,
      [
        s.merchantId,
        s.reference,
        s.txHash,
        s.maxFeePerGas.toString(),
        s.maxPriorityFeePerGas.toString(),
        s.sentAtHeight,
      ],
    );
  },

  /** Sent transactions of withdrawals still under way on a network (the follower's to watch). */
  async underWay(c: Tx, network: string) {
    const { rows } = await c.query<
      RawSent & { currency: string; toAddress: string; amount: string; networkFee: string }
    >(
      `select s.merchant_id as "merchantId", s.reference, s.network, s.sender, s.nonce::int as nonce,
         s.tx_hash as "txHash", s.gas, s.max_fee_per_gas as "maxFeePerGas",
         s.max_priority_fee_per_gas as "maxPriorityFeePerGas", s.sent_at_height::int as "sentAtHeight",
         w.currency, w.to_address as "toAddress",
         w.amount, w.network_fee as "networkFee"
       from chain_sent_transactions s
       join crypto_withdrawals w on w.id = s.reference and w.merchant_id = s.merchant_id
       where s.network = $1 and w.status = 'PENDING'
       order by s.nonce limit 500`,
      [network],
    );
    return rows.map((r) => ({
      ...sentRow(r),
      currency: r.currency,
      toAddress: r.toAddress,
      amount: BigInt(r.amount),
      networkFee: BigInt(r.networkFee),
    }));
  },
};
