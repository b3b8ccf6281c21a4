CREATE TABLE "card_payments" (
	"merchant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"offer_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"auth_link" text,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"pending_ids" jsonb,
	"amount_from" numeric(39, 0),
	"currency_from" text,
	"amount_to" numeric(39, 0),
	"currency_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payments_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "card_payments_offer" UNIQUE("merchant_id","offer_id"),
	CONSTRAINT "card_payments_provider_ref" UNIQUE("provider_ref"),
	CONSTRAINT "card_payments_kind" CHECK ("card_payments"."kind" in ('PAYIN_CARD', 'PAYOUT_CARD')),
	CONSTRAINT "card_payments_status" CHECK ("card_payments"."status" in ('OFFERED', 'AUTHORISING', 'CHALLENGE', 'PENDING', 'SUCCESS', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"merchant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"acquirer_token" text NOT NULL,
	"brand" text NOT NULL,
	"masked_pan" text NOT NULL,
	"bin" text NOT NULL,
	"bank_name" text NOT NULL,
	"country_code" text NOT NULL,
	"country_name" text NOT NULL,
	"holder" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"billing_address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_cards_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "payment_cards_once" UNIQUE("merchant_id","customer_id","purpose","acquirer_token"),
	CONSTRAINT "payment_cards_purpose" CHECK ("payment_cards"."purpose" in ('PAYIN', 'PAYOUT')),
	CONSTRAINT "payment_cards_masked" CHECK ("payment_cards"."masked_pan" ~ '^[0-9]{6}[*]{2,9}[0-9]{4}$'),
	CONSTRAINT "payment_cards_bin" CHECK ("payment_cards"."bin" ~ '^[0-9]{6}$'),
	CONSTRAINT "payment_cards_expiry" CHECK ("payment_cards"."exp_month" between 1 and 12 and "payment_cards"."exp_year" between 2000 and 2200)
);
--> statement-breakpoint
CREATE TABLE "sandbox_acquirer_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL,
	"reference" text NOT NULL,
	"amount" numeric(39, 0) NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"otp" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"return_url" text,
	"browser" jsonb,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_acquirer_payments_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_acquirer_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"scenario" text NOT NULL,
	"bin" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_acquirer_tokens_fingerprint_unique" UNIQUE("fingerprint"),
	CONSTRAINT "sandbox_acquirer_tokens_last4" CHECK ("sandbox_acquirer_tokens"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "quote_offers" DROP CONSTRAINT "quote_offers_kind";--> statement-breakpoint
ALTER TABLE "quote_pairs" DROP CONSTRAINT "quote_pairs_kind";--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_card" FOREIGN KEY ("merchant_id","card_id") REFERENCES "public"."payment_cards"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_acquirer_payments" ADD CONSTRAINT "sandbox_acquirer_payments_token_sandbox_acquirer_tokens_token_fk" FOREIGN KEY ("token") REFERENCES "public"."sandbox_acquirer_tokens"("token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_payments_customer" ON "card_payments" USING btree ("merchant_id","customer_id","created_at");--> statement-breakpoint
ALTER TABLE "quote_offers" ADD CONSTRAINT "quote_offers_kind" CHECK ("quote_offers"."kind" in ('EXCHANGE', 'CARD_ORDER', 'PAYIN_CARD', 'PAYOUT_CARD'));--> statement-breakpoint
ALTER TABLE "quote_pairs" ADD CONSTRAINT "quote_pairs_kind" CHECK ("quote_pairs"."kind" in ('EXCHANGE', 'CARD_ORDER', 'PAYIN_CARD', 'PAYOUT_CARD'));