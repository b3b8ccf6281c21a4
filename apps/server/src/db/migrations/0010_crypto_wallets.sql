CREATE TABLE "chain_account_keys" (
	"merchant_id" uuid NOT NULL,
	"chain" text NOT NULL,
	"extended_public_key" text NOT NULL,
	"account_path" text NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_account_keys_merchant_id_chain_pk" PRIMARY KEY("merchant_id","chain"),
	CONSTRAINT "chain_account_keys_chain" CHECK ("chain_account_keys"."chain" in ('bitcoin', 'ethereum', 'litecoin', 'tron')),
	CONSTRAINT "chain_account_keys_public_only" CHECK ("chain_account_keys"."extended_public_key" ~ '^[xz]pub'),
	CONSTRAINT "chain_account_keys_next_index" CHECK ("chain_account_keys"."next_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crypto_deposits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"chain" text NOT NULL,
	"currency" text NOT NULL,
	"tx_hash" text NOT NULL,
	"output_index" integer NOT NULL,
	"address" text NOT NULL,
	"from_address" text,
	"amount" numeric(39, 0) NOT NULL,
	"confirmations" integer NOT NULL,
	"required_confirmations" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "crypto_deposits_output_once" UNIQUE("chain","tx_hash","output_index"),
	CONSTRAINT "crypto_deposits_status" CHECK ("crypto_deposits"."status" in ('PENDING', 'CONFIRMED')),
	CONSTRAINT "crypto_deposits_amount" CHECK ("crypto_deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "crypto_withdrawals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"chain" text NOT NULL,
	"currency" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(39, 0) NOT NULL,
	"network_fee" numeric(39, 0) NOT NULL,
	"service_fee" numeric(39, 0) NOT NULL,
	"chain_pending_id" uuid NOT NULL,
	"fee_pending_id" uuid,
	"limit_reference" text NOT NULL,
	"tx_hash" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "crypto_withdrawals_status" CHECK ("crypto_withdrawals"."status" in ('PENDING', 'COMPLETED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"chain" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_one_per_chain" UNIQUE("merchant_id","customer_id","chain"),
	CONSTRAINT "deposit_addresses_index_once" UNIQUE("merchant_id","chain","derivation_index"),
	CONSTRAINT "deposit_addresses_address_once" UNIQUE("chain","address"),
	CONSTRAINT "deposit_addresses_chain" CHECK ("deposit_addresses"."chain" in ('bitcoin', 'ethereum', 'litecoin', 'tron'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_transactions" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"address" text NOT NULL,
	"from_address" text,
	"amount" numeric(39, 0) NOT NULL,
	"network_fee" numeric(39, 0) NOT NULL,
	"required_confirmations" integer NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_chain_transactions_direction" CHECK ("sandbox_chain_transactions"."direction" in ('IN', 'OUT'))
);
--> statement-breakpoint
CREATE TABLE "history_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(39, 0) NOT NULL,
	"fee" numeric(39, 0) NOT NULL,
	"counterparty" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "history_entries_once" UNIQUE("merchant_id","customer_id","operation_id"),
	CONSTRAINT "history_entries_direction" CHECK ("history_entries"."direction" in ('IN', 'OUT')),
	CONSTRAINT "history_entries_status" CHECK ("history_entries"."status" in ('PENDING', 'COMPLETED', 'FAILED')),
	CONSTRAINT "history_entries_amounts" CHECK ("history_entries"."amount" > 0 and "history_entries"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chain_account_keys" ADD CONSTRAINT "chain_account_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" ADD CONSTRAINT "crypto_withdrawals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" ADD CONSTRAINT "crypto_withdrawals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_chain_transactions_reference" ON "sandbox_chain_transactions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "history_entries_page" ON "history_entries" USING btree ("merchant_id","customer_id","created_at","id");