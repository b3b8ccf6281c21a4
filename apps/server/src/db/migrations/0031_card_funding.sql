CREATE TABLE "card_balances" (
	"merchant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_balances_merchant_id_card_id_pk" PRIMARY KEY("merchant_id","card_id"),
	CONSTRAINT "card_balances_account" UNIQUE("ledger_account_id")
);
--> statement-breakpoint
CREATE TABLE "card_issuer_events" (
	"merchant_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_issuer_events_merchant_id_event_id_pk" PRIMARY KEY("merchant_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "card_operations" (
	"merchant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(39, 0) NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"decline_reason" text,
	"issuer_tx_id" text,
	"pending_transfer_id" uuid,
	"operation_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_operations_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "card_operations_issuer_tx" UNIQUE("merchant_id","issuer_tx_id","kind"),
	CONSTRAINT "card_operations_kind" CHECK ("card_operations"."kind" in ('TOP_UP', 'PURCHASE', 'REFUND')),
	CONSTRAINT "card_operations_status" CHECK ("card_operations"."status" in ('PENDING', 'COMPLETED', 'DECLINED', 'REVERSED')),
	CONSTRAINT "card_operations_amount" CHECK ("card_operations"."amount" > 0),
	CONSTRAINT "card_operations_decline" CHECK (("card_operations"."status" = 'DECLINED') = ("card_operations"."decline_reason" is not null)
        and ("card_operations"."status" <> 'DECLINED' or "card_operations"."operation_id" is null)
        and ("card_operations"."decline_reason" is null or "card_operations"."decline_reason" in ('INSUFFICIENT_BALANCE', 'CARD_BLOCKED', 'CARD_SOFT_BLOCKED', 'CARD_EXPIRED', 'CARD_NOT_ACTIVE'))),
	CONSTRAINT "card_operations_issuer" CHECK (("card_operations"."kind" = 'TOP_UP') = ("card_operations"."issuer_tx_id" is null))
);
--> statement-breakpoint
CREATE TABLE "card_top_up_offers" (
	"merchant_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_top_up_offers_merchant_id_offer_id_pk" PRIMARY KEY("merchant_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_issuer_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"issuer_card_id" text NOT NULL,
	"shop" text NOT NULL,
	"amount" numeric(39, 0) NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_issuer_transactions_state" CHECK ("sandbox_issuer_transactions"."state" in ('AUTHORISING', 'APPROVED', 'DECLINED', 'SETTLED', 'REVERSED', 'REFUNDED')),
	CONSTRAINT "sandbox_issuer_transactions_amount" CHECK ("sandbox_issuer_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "quote_offers" DROP CONSTRAINT "quote_offers_kind";--> statement-breakpoint
ALTER TABLE "quote_pairs" DROP CONSTRAINT "quote_pairs_kind";--> statement-breakpoint
ALTER TABLE "card_balances" ADD CONSTRAINT "card_balances_card_of_merchant" FOREIGN KEY ("merchant_id","card_id") REFERENCES "public"."cards"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_balances" ADD CONSTRAINT "card_balances_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_operations" ADD CONSTRAINT "card_operations_card_of_merchant" FOREIGN KEY ("merchant_id","card_id") REFERENCES "public"."cards"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_operations" ADD CONSTRAINT "card_operations_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_top_up_offers" ADD CONSTRAINT "card_top_up_offers_card_of_merchant" FOREIGN KEY ("merchant_id","card_id") REFERENCES "public"."cards"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_operations_page" ON "card_operations" USING btree ("merchant_id","card_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sandbox_issuer_transactions_card" ON "sandbox_issuer_transactions" USING btree ("issuer_card_id","created_at");--> statement-breakpoint
ALTER TABLE "quote_offers" ADD CONSTRAINT "quote_offers_kind" CHECK ("quote_offers"."kind" in ('EXCHANGE', 'EXCHANGE_IBAN', 'CARD_ORDER', 'PAYIN_CARD', 'PAYOUT_CARD', 'CARD_PAYLOAD'));--> statement-breakpoint
ALTER TABLE "quote_pairs" ADD CONSTRAINT "quote_pairs_kind" CHECK ("quote_pairs"."kind" in ('EXCHANGE', 'EXCHANGE_IBAN', 'CARD_ORDER', 'PAYIN_CARD', 'PAYOUT_CARD', 'CARD_PAYLOAD'));