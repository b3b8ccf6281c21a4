CREATE TABLE "quote_offers" (
	"merchant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"currency_from" text NOT NULL,
	"currency_to" text NOT NULL,
	"fixed_side" text NOT NULL,
	"amount_from" numeric(39, 0) NOT NULL,
	"amount_to" numeric(39, 0) NOT NULL,
	"converted" numeric(39, 0) NOT NULL,
	"house_remainder" numeric(39, 0) NOT NULL,
	"fee_transaction" numeric(39, 0) NOT NULL,
	"fee_additional" numeric(39, 0) NOT NULL,
	"fee_fix" numeric(39, 0) NOT NULL,
	"fee_total" numeric(39, 0) NOT NULL,
	"transaction_bps" integer NOT NULL,
	"additional_bps" integer NOT NULL,
	"promo_applied" boolean NOT NULL,
	"rate" numeric(39, 0) NOT NULL,
	"mid_rate" numeric(39, 0) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"operation_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quote_offers_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "quote_offers_kind" CHECK ("quote_offers"."kind" in ('EXCHANGE')),
	CONSTRAINT "quote_offers_status" CHECK ("quote_offers"."status" in ('open', 'expired', 'executed', 'failed')),
	CONSTRAINT "quote_offers_fixed_side" CHECK ("quote_offers"."fixed_side" in ('from', 'to')),
	CONSTRAINT "quote_offers_two_currencies" CHECK ("quote_offers"."currency_from" <> "quote_offers"."currency_to"),
	CONSTRAINT "quote_offers_amounts" CHECK ("quote_offers"."amount_to" > 0 and "quote_offers"."converted" > 0 and "quote_offers"."house_remainder" >= 0 and "quote_offers"."fee_total" >= 0
        and "quote_offers"."fee_total" = "quote_offers"."fee_transaction" + "quote_offers"."fee_additional" + "quote_offers"."fee_fix"
        and "quote_offers"."amount_from" = "quote_offers"."converted" + "quote_offers"."fee_total" + "quote_offers"."house_remainder"),
	CONSTRAINT "quote_offers_rates" CHECK ("quote_offers"."rate" > 0 and "quote_offers"."mid_rate" > 0),
	CONSTRAINT "quote_offers_executed_operation" CHECK (("quote_offers"."status" = 'executed') = ("quote_offers"."operation_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "quote_pairs" (
	"merchant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"currency_from" text NOT NULL,
	"currency_to" text NOT NULL,
	"min_amount_from" numeric(39, 0) NOT NULL,
	"max_amount_from" numeric(39, 0) NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"fees" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_pairs_merchant_id_kind_currency_from_currency_to_pk" PRIMARY KEY("merchant_id","kind","currency_from","currency_to"),
	CONSTRAINT "quote_pairs_kind" CHECK ("quote_pairs"."kind" in ('EXCHANGE')),
	CONSTRAINT "quote_pairs_two_currencies" CHECK ("quote_pairs"."currency_from" <> "quote_pairs"."currency_to"),
	CONSTRAINT "quote_pairs_bounds" CHECK ("quote_pairs"."min_amount_from" > 0 and "quote_pairs"."max_amount_from" >= "quote_pairs"."min_amount_from")
);
--> statement-breakpoint
CREATE TABLE "quote_promo_usage" (
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"currency_from" text NOT NULL,
	"currency_to" text NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "quote_promo_usage_merchant_id_customer_id_kind_currency_from_currency_to_pk" PRIMARY KEY("merchant_id","customer_id","kind","currency_from","currency_to"),
	CONSTRAINT "quote_promo_usage_used" CHECK ("quote_promo_usage"."used" > 0)
);
--> statement-breakpoint
ALTER TABLE "quote_offers" ADD CONSTRAINT "quote_offers_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_pairs" ADD CONSTRAINT "quote_pairs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_promo_usage" ADD CONSTRAINT "quote_promo_usage_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_offers_customer" ON "quote_offers" USING btree ("merchant_id","customer_id","created_at");