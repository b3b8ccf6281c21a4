CREATE TABLE "card_customer_info" (
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"personal_info" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_customer_info_merchant_id_customer_id_pk" PRIMARY KEY("merchant_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "card_prices" (
	"merchant_id" uuid NOT NULL,
	"program" text NOT NULL,
	"card_type" text NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(39, 0) NOT NULL,
	"delivery" numeric(39, 0) NOT NULL,
	"plan" text NOT NULL,
	"fees" jsonb NOT NULL,
	CONSTRAINT "card_prices_merchant_id_program_card_type_pk" PRIMARY KEY("merchant_id","program","card_type"),
	CONSTRAINT "card_prices_program" CHECK ("card_prices"."program" in ('CP_1', 'CP_2')),
	CONSTRAINT "card_prices_type" CHECK ("card_prices"."card_type" in ('PLASTIC', 'VIRTUAL')),
	CONSTRAINT "card_prices_plan" CHECK ("card_prices"."plan" in ('NONE', 'FIX', 'FIX_CHO', 'FLEX', 'FLEX_CHO', 'FLEX_WEEKLY', 'FLEX_WEEKLY_CHO')),
	CONSTRAINT "card_prices_amounts" CHECK ("card_prices"."price" >= 0 and "card_prices"."delivery" >= 0)
);
--> statement-breakpoint
CREATE TABLE "card_promo_codes" (
	"merchant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"discount_bps" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "card_promo_codes_merchant_id_code_pk" PRIMARY KEY("merchant_id","code"),
	CONSTRAINT "card_promo_codes_discount" CHECK ("card_promo_codes"."discount_bps" > 0 and "card_promo_codes"."discount_bps" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "card_requests" (
	"merchant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"program" text NOT NULL,
	"card_type" text NOT NULL,
	"colour" text NOT NULL,
	"status" text NOT NULL,
	"step" text NOT NULL,
	"billing_address" jsonb,
	"shipping_address" jsonb,
	"shipping_match_billing" boolean DEFAULT true NOT NULL,
	"cardholder_first_name" text,
	"cardholder_last_name" text,
	"promo_code" text,
	"payment_offer_id" uuid,
	"payment_operation_id" uuid,
	"paid_currency" text,
	"paid_amount" numeric(39, 0),
	"refund_operation_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_requests_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "card_requests_program" CHECK ("card_requests"."program" in ('CP_1', 'CP_2')),
	CONSTRAINT "card_requests_type" CHECK ("card_requests"."card_type" in ('PLASTIC', 'VIRTUAL')),
	CONSTRAINT "card_requests_colour" CHECK ("card_requests"."colour" in ('BLACK', 'BLUE', 'ORANGE', 'PURPLE', 'GOLD')),
	CONSTRAINT "card_requests_status" CHECK ("card_requests"."status" in ('OPEN', 'PAID', 'ISSUED', 'CANCELLED')),
	CONSTRAINT "card_requests_step" CHECK ("card_requests"."step" in ('SELECT_CURRENCY', 'CARD_TYPE', 'VERIFICATION', 'CONFIRMATION', 'INFORMATION', 'CARDHOLDER_NAME', 'BILLING_ADDRESS', 'CHECKOUT')),
	CONSTRAINT "card_requests_payment" CHECK (("card_requests"."payment_operation_id" is null) = ("card_requests"."paid_amount" is null)
        and ("card_requests"."payment_operation_id" is null) = ("card_requests"."paid_currency" is null)
        and ("card_requests"."status" not in ('PAID', 'ISSUED') or "card_requests"."payment_operation_id" is not null)),
	CONSTRAINT "card_requests_refund" CHECK ("card_requests"."refund_operation_id" is null or ("card_requests"."status" = 'CANCELLED' and "card_requests"."payment_operation_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "card_rsa_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key_ciphertext" text NOT NULL,
	"data_key_id" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"merchant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"program" text NOT NULL,
	"card_type" text NOT NULL,
	"colour" text NOT NULL,
	"issuer_card_id" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"cardholder_name" text NOT NULL,
	"status" text NOT NULL,
	"delivery_state" text,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cards_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "cards_request" UNIQUE("merchant_id","request_id"),
	CONSTRAINT "cards_issuer_card" UNIQUE("issuer_card_id"),
	CONSTRAINT "cards_status" CHECK ("cards"."status" in ('COLLECTION', 'IN_PROGRESS', 'ACTIVATION', 'ACTIVE', 'SUPPORT', 'ACTION_NEEDED', 'SOFT_BLOCKED', 'HARD_BLOCKED', 'INACTIVE', 'BLOCKED', 'MULTI_ACCOUNT', 'KYC_FORBIDDEN_COUNTRY', 'PREORDERED')),
	CONSTRAINT "cards_delivery_state" CHECK ("cards"."delivery_state" is null or "cards"."delivery_state" in ('ORDER_PENDING', 'ORDERED', 'IN_DELIVERY', 'ACTIVATED', 'SUPPORT')),
	CONSTRAINT "cards_delivery_plastic" CHECK (("cards"."card_type" = 'PLASTIC') = ("cards"."delivery_state" is not null)),
	CONSTRAINT "cards_last4" CHECK ("cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "cards_expiry" CHECK ("cards"."expiry_month" between 1 and 12 and "cards"."expiry_year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "sandbox_issuer_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_ref" uuid NOT NULL,
	"program" text NOT NULL,
	"card_type" text NOT NULL,
	"phone" text NOT NULL,
	"shipping_city" text,
	"pan_ciphertext" text,
	"cvv_ciphertext" text,
	"key_id" text,
	"last4" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"state" text NOT NULL,
	"activation_code_hash" text,
	"shipping_code" text,
	"failed_activations" integer DEFAULT 0 NOT NULL,
	"next_step_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_issuer_cards_order_ref_unique" UNIQUE("order_ref"),
	CONSTRAINT "sandbox_issuer_cards_state" CHECK ("sandbox_issuer_cards"."state" in ('ORDER_RECEIVED', 'ISSUED', 'ORDER_PENDING', 'ORDERED', 'IN_DELIVERY', 'ACTIVATED', 'SUPPORT', 'CANCELLED')),
	CONSTRAINT "sandbox_issuer_cards_secrets" CHECK (("sandbox_issuer_cards"."pan_ciphertext" is null) = ("sandbox_issuer_cards"."cvv_ciphertext" is null) and ("sandbox_issuer_cards"."pan_ciphertext" is null) = ("sandbox_issuer_cards"."key_id" is null))
);
--> statement-breakpoint
ALTER TABLE "quote_offers" DROP CONSTRAINT "quote_offers_kind";--> statement-breakpoint
ALTER TABLE "quote_pairs" DROP CONSTRAINT "quote_pairs_kind";--> statement-breakpoint
ALTER TABLE "card_customer_info" ADD CONSTRAINT "card_customer_info_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_prices" ADD CONSTRAINT "card_prices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_promo_codes" ADD CONSTRAINT "card_promo_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_requests" ADD CONSTRAINT "card_requests_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_request_of_merchant" FOREIGN KEY ("merchant_id","request_id") REFERENCES "public"."card_requests"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_requests_customer" ON "card_requests" USING btree ("merchant_id","customer_id","created_at");--> statement-breakpoint
ALTER TABLE "quote_offers" ADD CONSTRAINT "quote_offers_kind" CHECK ("quote_offers"."kind" in ('EXCHANGE', 'CARD_ORDER'));--> statement-breakpoint
ALTER TABLE "quote_pairs" ADD CONSTRAINT "quote_pairs_kind" CHECK ("quote_pairs"."kind" in ('EXCHANGE', 'CARD_ORDER'));