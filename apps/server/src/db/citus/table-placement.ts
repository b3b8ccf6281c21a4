/**
 * Where every table of the database lives on Citus (docs/scaling.md). One entry per table of
 * db/schema; table-placement.test.ts reads the real catalog and fails on a table missing here or
 * on a distributed table whose keys lack the merchant.
 *
 * - distributed: grows with customers or with a merchant's use; distributed by `merchant_id`, all
 *   in one co-location group, so every transaction of one merchant runs on one worker. Its primary
 *   key and every unique index hold `merchant_id`; a foreign key to another distributed table
 *   carries `merchant_id` on both sides.
 * - reference: small configuration or platform state read by every merchant's requests, copied to
 *   every node (a write reaches all nodes, so it must be rare). Needs no merchant in its key.
 * - coordinator: stays a plain table on the coordinator; says why.
 */
export type Placement = "distributed" | "reference" | "coordinator";

/** The distribution column of every distributed table. */
export const DISTRIBUTION_COLUMN = "merchant_id";

/** Schemas other than `public`: all coordinator-only, with why. */
export const COORDINATOR_SCHEMAS: Record<string, string> = {
  // The job queue locks and takes jobs across every merchant (SKIP LOCKED over one table); it is
  // the coordinator's, like cron. Jobs carry their merchant in the payload.
  graphile_worker: "the job queue: jobs are taken across merchants; one queue on the coordinator",
  drizzle: "the migrations journal of this database",
};

export const TABLE_PLACEMENT: Record<string, Placement> = {
  // Merchants: the tenants themselves, resolved by host on every request; a few rows.
  merchants: "reference",
  merchant_banners: "reference",
  merchant_faq: "reference",
  merchant_feature_flags: "distributed",
  merchant_operations: "distributed",
  merchant_config_versions: "distributed",

  // Operators: staff of every merchant and of the platform (a platform admin has no merchant).
  operators: "reference",
  operator_sessions: "reference",
  operator_audit: "distributed",

  // Customers and what hangs on them.
  customers: "distributed",
  customer_devices: "distributed",
  customer_answers: "distributed",
  sessions: "distributed",
  refresh_tokens: "distributed",
  email_tokens: "distributed",
  verification_codes: "distributed",
  captcha_passes: "distributed",
  // Limiter windows, keyed by the limiter's key: some span merchants (an address's sign-in
  // failures across every merchant's host), each lives an hour or a day (purged hourly). The
  // platform's own state, like the job queue: a plain table on the coordinator, which every
  // request reaches first.
  rate_limits: "coordinator",
  security_events: "distributed",
  security_alert_links: "distributed",
  sms_outbox: "distributed",
  email_outbox: "distributed",

  // KYC.
  kyc_applications: "distributed",
  kyc_customers: "distributed",
  kyc_decisions: "distributed",
  kyc_documents: "distributed",
  kyc_customer_limits: "distributed",
  kyc_limit_requests: "distributed",
  kyc_limits: "distributed",
  kyc_review_settings: "distributed",
  kyc_usage: "distributed",

  // Ledger.
  ledger_currencies: "reference",
  ledger_accounts: "distributed",
  ledger_operations: "distributed",
  ledger_transfers: "distributed",
  ledger_entries: "distributed",
  ledger_open_pending: "distributed",
  adjustment_proposals: "distributed",

  // History.
  history_entries: "distributed",
  history_status_changes: "distributed",

  // Quotes and exchange.
  quote_offers: "distributed",
  quote_pairs: "distributed",
  quote_promo_usage: "distributed",

  // Chains.
  chain_account_keys: "distributed",
  deposit_addresses: "distributed",
  // Who owns each address, across merchants: written once per address, read by the follower.
  deposit_address_owners: "reference",
  // Which merchant each issued IBAN is: the bank's incoming transfer names the IBAN alone.
  iban_owners: "reference",
  crypto_deposits: "distributed",
  crypto_withdrawals: "distributed",
  chain_sent_transactions: "distributed",
  // A network is followed once for every merchant; the hot wallets' nonces are the platform's.
  chain_follower_state: "reference",
  chain_sender_nonces: "reference",

  // Claimable phone transfers.
  claimable_transfers: "distributed",

  // Earn.
  deposit_templates: "distributed",
  deposits: "distributed",
  deposit_events: "distributed",

  // IBAN.
  iban_programs: "distributed",
  iban_requests: "distributed",
  iban_accounts: "distributed",
  iban_customer_info: "distributed",
  iban_recipients: "distributed",
  iban_transfers: "distributed",

  // Cards (issued) and card funding.
  card_prices: "distributed",
  card_promo_codes: "distributed",
  card_requests: "distributed",
  cards: "distributed",
  card_customer_info: "distributed",
  card_operations: "distributed",
  card_issuer_events: "distributed",
  card_balances: "distributed",
  card_top_up_offers: "distributed",
  // The platform's key pairs for card data sent to the web app: a few rows, read by every merchant.
  card_rsa_keys: "reference",

  // Acquiring (cards that pay in and out).
  payment_cards: "distributed",
  card_payments: "distributed",

  // Outside parties' health, one row per party: the platform's (docs/status.md).
  provider_health: "reference",

  // The sandbox's stand-ins for outside parties (acquirer, bank, chains, card issuer, support chat):
  // their books are the outside party's, not the product's. They stay on the coordinator, where the
  // sandbox runs; a real deployment has no such rows.
  sandbox_acquirer_tokens: "coordinator",
  sandbox_acquirer_payments: "coordinator",
  sandbox_bank_accounts: "coordinator",
  sandbox_bank_transfers: "coordinator",
  sandbox_chain_transactions: "coordinator",
  sandbox_issuer_cards: "coordinator",
  sandbox_issuer_transactions: "coordinator",
  sandbox_support_chat_messages: "coordinator",
  // The sandbox console's switch, read by every instance (docs/status.md): small.
  sandbox_outages: "reference",

  // The start's record of the live SQL it applied (db/migrate.ts), like drizzle's journal of the
  // migrations: read and written only by a start, on the coordinator.
  live_sql_files: "coordinator",
};

/**
 * Distributed tables that grow with customers but whose keys are not converted yet: each with
 * what it lacks. They stay plain tables until a migration fixes what is named; the test fails when
 * one is fixed and still listed, and a table not listed must already be right.
 */
export const NOT_YET_DISTRIBUTABLE: Record<string, string> = {};
