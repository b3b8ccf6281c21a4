CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"owner_id" uuid,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"debits_must_not_exceed_credits" boolean DEFAULT false NOT NULL,
	"credits_must_not_exceed_debits" boolean DEFAULT false NOT NULL,
	"debits_posted" numeric(39, 0) DEFAULT 0 NOT NULL,
	"credits_posted" numeric(39, 0) DEFAULT 0 NOT NULL,
	"debits_pending" numeric(39, 0) DEFAULT 0 NOT NULL,
	"credits_pending" numeric(39, 0) DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_id_merchant_currency" UNIQUE("id","merchant_id","currency"),
	CONSTRAINT "ledger_accounts_kind" CHECK (("ledger_accounts"."kind" in ('customer_wallet', 'card_balance', 'deposit_principal', 'deposit_interest', 'iban_balance') and "ledger_accounts"."owner_id" is not null and "ledger_accounts"."shard" = 0)
        or ("ledger_accounts"."kind" in ('fee_income', 'liquidity', 'acquiring_clearing', 'payout_clearing', 'chain_hot_wallet', 'issuer_settlement', 'bank_settlement', 'interest_expense') and "ledger_accounts"."owner_id" is null)),
	CONSTRAINT "ledger_accounts_shard" CHECK ("ledger_accounts"."shard" between 0 and 63),
	CONSTRAINT "ledger_accounts_counters_non_negative" CHECK ("ledger_accounts"."debits_posted" >= 0 and "ledger_accounts"."credits_posted" >= 0 and "ledger_accounts"."debits_pending" >= 0 and "ledger_accounts"."credits_pending" >= 0),
	CONSTRAINT "ledger_accounts_version" CHECK ("ledger_accounts"."version" >= 0),
	CONSTRAINT "ledger_accounts_customer_not_below_zero" CHECK ("ledger_accounts"."owner_id" is null or "ledger_accounts"."debits_posted" + "ledger_accounts"."debits_pending" <= "ledger_accounts"."credits_posted"),
	CONSTRAINT "ledger_accounts_debits_within_credits" CHECK (not "ledger_accounts"."debits_must_not_exceed_credits" or "ledger_accounts"."debits_posted" + "ledger_accounts"."debits_pending" <= "ledger_accounts"."credits_posted"),
	CONSTRAINT "ledger_accounts_credits_within_debits" CHECK (not "ledger_accounts"."credits_must_not_exceed_debits" or "ledger_accounts"."credits_posted" + "ledger_accounts"."credits_pending" <= "ledger_accounts"."debits_posted")
);
--> statement-breakpoint
CREATE TABLE "ledger_currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"scale" smallint NOT NULL,
	CONSTRAINT "ledger_currencies_scale" CHECK ("ledger_currencies"."scale" between 0 and 18)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"account_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"transfer_id" uuid NOT NULL,
	"side" text NOT NULL,
	"debits_posted" numeric(39, 0) DEFAULT 0 NOT NULL,
	"credits_posted" numeric(39, 0) DEFAULT 0 NOT NULL,
	"debits_pending" numeric(39, 0) DEFAULT 0 NOT NULL,
	"credits_pending" numeric(39, 0) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_account_version" PRIMARY KEY("account_id","version"),
	CONSTRAINT "ledger_entries_version" CHECK ("ledger_entries"."version" >= 1),
	CONSTRAINT "ledger_entries_side" CHECK ("ledger_entries"."side" in ('debit', 'credit'))
);
--> statement-breakpoint
CREATE TABLE "ledger_open_pending" (
	"transfer_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"timeout_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_operations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"leg_count" integer NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_operations_idempotency" UNIQUE("merchant_id","idempotency_key"),
	CONSTRAINT "ledger_operations_status" CHECK ("ledger_operations"."status" in ('completed', 'awaiting')),
	CONSTRAINT "ledger_operations_key_length" CHECK (length("ledger_operations"."idempotency_key") between 1 and 400),
	CONSTRAINT "ledger_operations_leg_count" CHECK ("ledger_operations"."leg_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"operation_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(39, 0) NOT NULL,
	"type" text NOT NULL,
	"pending_id" uuid,
	"timeout_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_type" CHECK ("ledger_transfers"."type" in ('posted', 'pending', 'post_pending', 'void_pending', 'expire_pending')),
	CONSTRAINT "ledger_transfers_resolution_names_pending" CHECK (("ledger_transfers"."type" in ('post_pending', 'void_pending', 'expire_pending')) = ("ledger_transfers"."pending_id" is not null)),
	CONSTRAINT "ledger_transfers_pending_has_timeout" CHECK (("ledger_transfers"."type" = 'pending') = ("ledger_transfers"."timeout_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_ledger_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."ledger_currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_open_pending" ADD CONSTRAINT "ledger_open_pending_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_operations" ADD CONSTRAINT "ledger_operations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_operation_id_ledger_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."ledger_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_pending_id_ledger_transfers_id_fk" FOREIGN KEY ("pending_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account" FOREIGN KEY ("debit_account_id","merchant_id","currency") REFERENCES "public"."ledger_accounts"("id","merchant_id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account" FOREIGN KEY ("credit_account_id","merchant_id","currency") REFERENCES "public"."ledger_accounts"("id","merchant_id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_shard" ON "ledger_accounts" USING btree ("merchant_id","kind","currency","shard") WHERE "ledger_accounts"."owner_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_one_wallet_per_currency" ON "ledger_accounts" USING btree ("merchant_id","owner_id","currency") WHERE "ledger_accounts"."kind" = 'customer_wallet';--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner" ON "ledger_accounts" USING btree ("merchant_id","owner_id") WHERE "ledger_accounts"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_open_pending_timeout" ON "ledger_open_pending" USING btree ("timeout_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_resolve_once" ON "ledger_transfers" USING btree ("pending_id") WHERE "ledger_transfers"."pending_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transfers_operation" ON "ledger_transfers" USING btree ("operation_id");