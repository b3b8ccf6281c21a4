import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at, createdAt, merchantKey, minor, updatedAt } from "./columns.ts";
import { customers } from "./customers.ts";
import { merchants } from "./merchants.ts";

// Crypto wallets on chains (docs/crypto-wallets.md): deposit addresses derived from each
// merchant's extended PUBLIC keys (no private key is ever stored here), deposits seen on a
// chain, withdrawals sent to one, and the sandbox chain's own record of what it did.

/** Chains we derive addresses on; ERC-20 tokens (USDT, USDC) live on ethereum. */
export const CHAINS = ["bitcoin", "dogecoin", "ethereum", "litecoin", "tron"] as const;
export type Chain = (typeof CHAINS)[number];

const chainCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in ('bitcoin', 'dogecoin', 'ethereum', 'litecoin', 'tron')`);

/**
 * A merchant's account-level extended public key per chain (BIP84 m/84'/coin'/account' for
 * bitcoin and litecoin, BIP44 m/44'/coin'/account' for dogecoin, ethereum and tron; a dogecoin
 * key may come as Dogecoin's own "dgub") and the next unused
 * receive index under it (…/0/index). The index only grows: an address is never handed out twice.
 */
export const chainAccountKeys = pgTable(
  "chain_account_keys",
  {
    merchantId: merchantKey().references(() => merchants.id),
    chain: text("chain").$type<Chain>().notNull(),
    extendedPublicKey: text("extended_public_key").notNull(),
    /** Where the key sits in its wallet's tree, for the operator who holds the private side. */
    accountPath: text("account_path").notNull(),
    nextIndex: integer("next_index").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.chain] }),
    chainCheck("chain_account_keys_chain", t.chain),
    check("chain_account_keys_public_only", sql`${t.extendedPublicKey} ~ '^([xz]pub|dgub)'`),
    check("chain_account_keys_next_index", sql`${t.nextIndex} >= 0`),
  ],
);

/**
 * Who owns each deposit address: one row per (chain, address) across every merchant, so no two
 * merchants (say, configured with the same account key) ever own one address, and the block
 * follower, which meets addresses with no merchant known, finds the owner. Written once when an
 * address is derived; a reference table on Citus (docs/scaling.md).
 */
export const depositAddressOwners = pgTable(
  "deposit_address_owners",
  {
    chain: text("chain").$type<Chain>().notNull(),
    address: text("address").notNull(),
    merchantId: merchantKey().references(() => merchants.id),
    customerId: uuid("customer_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] }), chainCheck("deposit_address_owners_chain", t.chain)],
);

/** A customer's receive address on a chain: one per customer and chain, never another's. */
export const depositAddresses = pgTable(
  "deposit_addresses",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey().references(() => merchants.id),
    customerId: uuid("customer_id").notNull(),
    chain: text("chain").$type<Chain>().notNull(),
    derivationIndex: integer("derivation_index").notNull(),
    address: text("address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("deposit_addresses_one_per_chain").on(t.merchantId, t.customerId, t.chain),
    unique("deposit_addresses_index_once").on(t.merchantId, t.chain, t.derivationIndex),
    primaryKey({ columns: [t.merchantId, t.id] }),
    // Unique across merchants in deposit_address_owners.
    unique("deposit_addresses_address_once").on(t.merchantId, t.chain, t.address),
    foreignKey({
      name: "deposit_addresses_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    chainCheck("deposit_addresses_chain", t.chain),
  ],
);

/**
 * A payment to a deposit address, as the chain reports it: PENDING while it gathers
 * confirmations, CONFIRMED once credited (in the same transaction as the ledger credit),
 * DROPPED when a reorganisation took its transaction out of the chain before that.
 * One row per (chain, tx hash, output): a replayed notification finds it.
 */
export const cryptoDeposits = pgTable(
  "crypto_deposits",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey().references(() => merchants.id),
    customerId: uuid("customer_id").notNull(),
    chain: text("chain").$type<Chain>().notNull(),
    currency: text("currency").notNull(),
    txHash: text("tx_hash").notNull(),
    outputIndex: integer("output_index").notNull(),
    address: text("address").notNull(),
    fromAddress: text("from_address"),
    amount: minor("amount").notNull(),
    confirmations: integer("confirmations").notNull(),
    requiredConfirmations: integer("required_confirmations").notNull(),
    status: text("status").$type<"PENDING" | "CONFIRMED" | "DROPPED">().notNull(),
    /**
     * The block the transaction was last seen in (a block follower's notifications say it; null
     * from a provider that does not): the deposit is dropped only once the block at this height
     * has another hash, never on one node's empty answer (docs/chains.md "Block follower").
     */
    blockNumber: bigint("block_number", { mode: "number" }),
    blockHash: text("block_hash"),
    createdAt: createdAt(),
    confirmedAt: at("confirmed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    // An output pays one address, so one merchant: unique with it, and found without it (a
    // reorganisation names only the transaction).
    unique("crypto_deposits_output_once").on(t.merchantId, t.chain, t.txHash, t.outputIndex),
    index("crypto_deposits_output").on(t.chain, t.txHash, t.outputIndex),
    foreignKey({
      name: "crypto_deposits_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    check("crypto_deposits_status", sql`${t.status} in ('PENDING', 'CONFIRMED', 'DROPPED')`),
    check("crypto_deposits_amount", sql`${t.amount} > 0`),
  ],
);

/**
 * A send to an outside address. Its id is the ledger operation that reserved amount and fees
 * (pending transfers, posted when the chain confirms, voided when it fails). Keyed by merchant.
 */
export const cryptoWithdrawals = pgTable(
  "crypto_withdrawals",
  {
    id: uuid("id").notNull(),
    merchantId: merchantKey().references(() => merchants.id),
    customerId: uuid("customer_id").notNull(),
    chain: text("chain").$type<Chain>().notNull(),
    currency: text("currency").notNull(),
    toAddress: text("to_address").notNull(),
    amount: minor("amount").notNull(),
    networkFee: minor("network_fee").notNull(),
    serviceFee: minor("service_fee").notNull(),
    /** Reservations to post or void: to the hot wallet (amount + network fee), to fee income. */
    chainPendingId: uuid("chain_pending_id").notNull(),
    feePendingId: uuid("fee_pending_id"),
    /** The KYC usage record to release if the withdrawal fails. */
    limitReference: text("limit_reference").notNull(),
    txHash: text("tx_hash"),
    confirmations: integer("confirmations").notNull().default(0),
    requiredConfirmations: integer("required_confirmations").notNull(),
    status: text("status").$type<"PENDING" | "COMPLETED" | "FAILED">().notNull(),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    finishedAt: at("finished_at"),
  },
  (t) => [
    // Grows with customers: the merchant leads the key and goes with the customer (Citus).
    primaryKey({ columns: [t.merchantId, t.id] }),
    foreignKey({
      name: "crypto_withdrawals_customer_of_merchant",
      columns: [t.customerId, t.merchantId],
      foreignColumns: [customers.id, customers.merchantId],
    }),
    check("crypto_withdrawals_status", sql`${t.status} in ('PENDING', 'COMPLETED', 'FAILED')`),
  ],
);

/**
 * The sandbox chain's ledger of what it did (providers/chain/sandbox-chain.ts): incoming test
 * payments and broadcast withdrawals, confirmations counted on its clock from `created_at`.
 */
export const sandboxChainTransactions = pgTable(
  "sandbox_chain_transactions",
  {
    txHash: text("tx_hash").primaryKey(),
    chain: text("chain").$type<Chain>().notNull(),
    currency: text("currency").notNull(),
    direction: text("direction").$type<"IN" | "OUT">().notNull(),
    address: text("address").notNull(),
    fromAddress: text("from_address"),
    amount: minor("amount").notNull(),
    networkFee: minor("network_fee").notNull(),
    requiredConfirmations: integer("required_confirmations").notNull(),
    confirmations: integer("confirmations").notNull().default(0),
    status: text("status").$type<"PENDING" | "CONFIRMED" | "FAILED">().notNull(),
    /** A withdrawal's id: broadcasting it again finds this row instead of paying twice. */
    reference: text("reference"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sandbox_chain_transactions_reference").on(t.reference),
    check("sandbox_chain_transactions_direction", sql`${t.direction} in ('IN', 'OUT')`),
  ],
);

/**
 * Where a block follower (modules/crypto/chain-follower.ts) has got to on one network: the last
 * block it processed and that block's hash (a different hash there later means a
 * reorganisation). A small platform table, not a merchant's: a network is followed once for
 * every merchant (on Citus a reference table). The row is locked while a follower runs, so
 * several workers never follow the same network at once.
 */
export const chainFollowerState = pgTable("chain_follower_state", {
  /** e.g. `evm:1`, `evm:31337`: the kind of node and its chain id. */
  network: text("network").primaryKey(),
  height: bigint("height", { mode: "number" }).notNull(),
  blockHash: text("block_hash").notNull(),
  updatedAt: updatedAt(),
  /** The node's head at the last pass: how far behind `height` is (the status page's). */
  head: bigint("head", { mode: "number" }),
  /** The last pass that reached the head: a follower behind since then delays deposits (docs/status.md). */
  caughtUpAt: at("caught_up_at"),
});

/**
 * The next nonce of each hot wallet that sends on a network: one sequence per sender, taken
 * under this row's lock, so two withdrawals never get the same nonce. A platform table (the hot
 * wallet is the platform's): on Citus a reference table.
 */
export const chainSenderNonces = pgTable(
  "chain_sender_nonces",
  {
    network: text("network").notNull(),
    sender: text("sender").notNull(),
    nextNonce: bigint("next_nonce", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.sender] })],
);

/**
 * A withdrawal as signed and sent on an EVM network: its nonce and fees, so a retried
 * broadcast re-sends the very same transaction, and a stuck one is replaced (same nonce, higher
 * fees: `tx_hash` then names the replacement).
 */
export const chainSentTransactions = pgTable(
  "chain_sent_transactions",
  {
    merchantId: merchantKey().references(() => merchants.id),
    /** The withdrawal's id. */
    reference: uuid("reference").notNull(),
    network: text("network").notNull(),
    sender: text("sender").notNull(),
    nonce: bigint("nonce", { mode: "number" }).notNull(),
    txHash: text("tx_hash").notNull(),
    gas: minor("gas").notNull(),
    maxFeePerGas: minor("max_fee_per_gas").notNull(),
    maxPriorityFeePerGas: minor("max_priority_fee_per_gas").notNull(),
    /** The head when it was (last) sent: a transaction in no block some blocks later is stuck. */
    sentAtHeight: bigint("sent_at_height", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.reference] })],
);
