CREATE TABLE "iban_accounts" (
	"id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"currency" text NOT NULL,
	"holder_name" text NOT NULL,
	"balance_account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "iban_accounts_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "iban_accounts_one_per_request" UNIQUE("merchant_id","request_id"),
	CONSTRAINT "iban_accounts_status" CHECK ("iban_accounts"."status" in ('ACTIVE', 'BLOCKED', 'CLOSED')),
	CONSTRAINT "iban_accounts_iban_format" CHECK ("iban_accounts"."iban" ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$')
);
--> statement-breakpoint
CREATE TABLE "iban_customer_info" (
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"is_us_related" boolean,
	"us_related_person" text,
	"income_sources" text[],
	"additional_sources" text,
	"estimated_monthly_turnover_range" text,
	"tax_country" text,
	"tax_id" text,
	"billing_country" text,
	"billing_city" text,
	"billing_address1" text,
	"billing_address2" text,
	"billing_zip_code" text,
	"billing_state" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "iban_customer_info_merchant_id_customer_id_pk" PRIMARY KEY("merchant_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "iban_programs" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"bank_code" text NOT NULL,
	"bic" text NOT NULL,
	"withdraw_fix_fee" numeric(39, 0) NOT NULL,
	"withdraw_min" numeric(39, 0) NOT NULL,
	"withdraw_max" numeric(39, 0) NOT NULL,
	CONSTRAINT "iban_programs_country" CHECK ("iban_programs"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "iban_programs_amounts" CHECK ("iban_programs"."withdraw_fix_fee" >= 0 and "iban_programs"."withdraw_min" > 0 and "iban_programs"."withdraw_max" >= "iban_programs"."withdraw_min")
);
--> statement-breakpoint
CREATE TABLE "iban_recipients" (
	"id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "iban_recipients_merchant_id_id_pk" PRIMARY KEY("merchant_id","id")
);
--> statement-breakpoint
CREATE TABLE "iban_requests" (
	"id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "iban_requests_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "iban_requests_status" CHECK ("iban_requests"."status" in ('OPEN', 'ISSUED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "iban_transfers" (
	"id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"iban_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(39, 0) NOT NULL,
	"fee" numeric(39, 0) NOT NULL,
	"currency" text NOT NULL,
	"counterparty_name" text,
	"counterparty_iban" text,
	"counterparty_bic" text,
	"reference" text,
	"return_reason" text,
	"operation_id" uuid NOT NULL,
	"pending_id" uuid,
	"fee_pending_id" uuid,
	"limit_reference" text,
	"rail_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "iban_transfers_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "iban_transfers_rail_once" UNIQUE("merchant_id","kind","rail_id"),
	CONSTRAINT "iban_transfers_kind" CHECK ("iban_transfers"."kind" in ('SEPA_IN', 'SEPA_OUT', 'EXCHANGE_IN')),
	CONSTRAINT "iban_transfers_status" CHECK ("iban_transfers"."status" in ('PENDING', 'COMPLETED', 'RETURNED')),
	CONSTRAINT "iban_transfers_amounts" CHECK ("iban_transfers"."amount" > 0 and "iban_transfers"."fee" >= 0),
	CONSTRAINT "iban_transfers_pending" CHECK (("iban_transfers"."kind" = 'SEPA_OUT') = ("iban_transfers"."pending_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_accounts" (
	"iban" text PRIMARY KEY NOT NULL,
	"bic" text NOT NULL,
	"reference" text NOT NULL,
	"holder_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_accounts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"reference" text,
	"account_iban" text NOT NULL,
	"counterparty_name" text NOT NULL,
	"counterparty_iban" text NOT NULL,
	"counterparty_bic" text,
	"amount" numeric(39, 0) NOT NULL,
	"currency" text NOT NULL,
	"remittance" text,
	"status" text NOT NULL,
	"return_reason" text,
	"return_requested" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_transfers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "sandbox_bank_transfers_direction" CHECK ("sandbox_bank_transfers"."direction" in ('IN', 'OUT')),
	CONSTRAINT "sandbox_bank_transfers_status" CHECK ("sandbox_bank_transfers"."status" in ('PENDING', 'EXECUTED', 'RETURNED'))
);
--> statement-breakpoint
ALTER TABLE "quote_offers" DROP CONSTRAINT "quote_offers_kind";--> statement-breakpoint
ALTER TABLE "quote_pairs" DROP CONSTRAINT "quote_pairs_kind";--> statement-breakpoint
ALTER TABLE "iban_accounts" ADD CONSTRAINT "iban_accounts_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iban_accounts" ADD CONSTRAINT "iban_accounts_of_request" FOREIGN KEY ("merchant_id","request_id") REFERENCES "public"."iban_requests"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iban_customer_info" ADD CONSTRAINT "iban_customer_info_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iban_programs" ADD CONSTRAINT "iban_programs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iban_recipients" ADD CONSTRAINT "iban_recipients_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iban_requests" ADD CONSTRAINT "iban_requests_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iban_transfers" ADD CONSTRAINT "iban_transfers_of_account" FOREIGN KEY ("merchant_id","iban_id") REFERENCES "public"."iban_accounts"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "iban_accounts_iban" ON "iban_accounts" USING btree ("iban");--> statement-breakpoint
CREATE INDEX "iban_accounts_of_customer" ON "iban_accounts" USING btree ("merchant_id","customer_id");--> statement-breakpoint
CREATE INDEX "iban_recipients_of_customer" ON "iban_recipients" USING btree ("merchant_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "iban_requests_one_live" ON "iban_requests" USING btree ("merchant_id","customer_id") WHERE "iban_requests"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "iban_transfers_page" ON "iban_transfers" USING btree ("merchant_id","iban_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_bank_transfers_recent" ON "sandbox_bank_transfers" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "quote_offers" ADD CONSTRAINT "quote_offers_kind" CHECK ("quote_offers"."kind" in ('EXCHANGE', 'EXCHANGE_IBAN', 'CARD_ORDER', 'PAYIN_CARD', 'PAYOUT_CARD'));--> statement-breakpoint
ALTER TABLE "quote_pairs" ADD CONSTRAINT "quote_pairs_kind" CHECK ("quote_pairs"."kind" in ('EXCHANGE', 'EXCHANGE_IBAN', 'CARD_ORDER', 'PAYIN_CARD', 'PAYOUT_CARD'));