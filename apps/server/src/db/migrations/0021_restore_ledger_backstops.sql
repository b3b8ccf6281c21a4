ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind" CHECK (("ledger_accounts"."kind" in ('customer_wallet', 'card_balance', 'deposit_principal', 'deposit_interest', 'iban_balance') and "ledger_accounts"."owner_id" is not null and "ledger_accounts"."shard" = 0)
        or ("ledger_accounts"."kind" in ('fee_income', 'liquidity', 'acquiring_clearing', 'payout_clearing', 'chain_hot_wallet', 'issuer_settlement', 'bank_settlement', 'interest_expense') and "ledger_accounts"."owner_id" is null));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard" CHECK ("ledger_accounts"."shard" between 0 and 63);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_version" CHECK ("ledger_accounts"."version" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_version" CHECK ("ledger_entries"."version" >= 1);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_side" CHECK ("ledger_entries"."side" in ('debit', 'credit'));--> statement-breakpoint
ALTER TABLE "ledger_operations" ADD CONSTRAINT "ledger_operations_status" CHECK ("ledger_operations"."status" in ('completed', 'awaiting'));--> statement-breakpoint
ALTER TABLE "ledger_operations" ADD CONSTRAINT "ledger_operations_key_length" CHECK (length("ledger_operations"."idempotency_key") between 1 and 400);--> statement-breakpoint
ALTER TABLE "ledger_operations" ADD CONSTRAINT "ledger_operations_leg_count" CHECK ("ledger_operations"."leg_count" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_type" CHECK ("ledger_transfers"."type" in ('posted', 'pending', 'post_pending', 'void_pending', 'expire_pending'));--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_resolution_names_pending" CHECK (("ledger_transfers"."type" in ('post_pending', 'void_pending', 'expire_pending')) = ("ledger_transfers"."pending_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_pending_has_timeout" CHECK (("ledger_transfers"."type" = 'pending') = ("ledger_transfers"."timeout_at" is not null));--> statement-breakpoint
-- The history no longer reads the ledger's tables (docs/architecture.md "One use-case, one
-- transaction"): what a use-case writes beside its money, it writes itself, through each
-- module's repository, in its transaction. (Functions no file of db/functions/ defines any more
-- are dropped by the start's functions step.)
DROP VIEW IF EXISTS history_items;--> statement-breakpoint
DROP VIEW IF EXISTS ledger_customer_postings;--> statement-breakpoint
-- Sends by phone made while their history was read from the ledger (0020 until now) get the two
-- history rows every other send has: one for the sender (OUT), one for the recipient (IN).
INSERT INTO history_entries (id, merchant_id, customer_id, operation_id, type, direction, status,
    currency, amount, fee, counterparty, details, created_at, updated_at)
  SELECT gen_random_uuid(), o.merchant_id, party.customer_id, o.id, 'SEND_TO_PHONE', party.direction,
    'COMPLETED', t.currency, t.amount, 0, party.counterparty,
    jsonb_build_object('fromAddress', NULL, 'fromPhone', o.metadata ->> 'fromPhone',
      'toPhone', o.metadata ->> 'toPhone',
      'amount', jsonb_build_object('value', o.metadata ->> 'amount', 'currency', t.currency)),
    t.created_at, t.created_at
  FROM ledger_operations o
  JOIN ledger_transfers t ON t.operation_id = o.id AND t.type = 'posted'
  CROSS JOIN LATERAL (VALUES
    ((o.metadata ->> 'senderId')::uuid, 'OUT', o.metadata ->> 'toPhone'),
    ((o.metadata ->> 'recipientId')::uuid, 'IN', o.metadata ->> 'fromPhone')
  ) AS party(customer_id, direction, counterparty)
  WHERE o.kind = 'transfer_mobile' AND o.metadata ? 'toPhone'
  ON CONFLICT (merchant_id, customer_id, operation_id) DO NOTHING;
