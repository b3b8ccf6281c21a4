CREATE TABLE "chain_sender_nonces" (
	"network" text NOT NULL,
	"sender" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	CONSTRAINT "chain_sender_nonces_network_sender_pk" PRIMARY KEY("network","sender")
);
--> statement-breakpoint
CREATE TABLE "chain_sent_transactions" (
	"merchant_id" uuid NOT NULL,
	"reference" uuid NOT NULL,
	"network" text NOT NULL,
	"sender" text NOT NULL,
	"nonce" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"gas" numeric(39, 0) NOT NULL,
	"max_fee_per_gas" numeric(39, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(39, 0) NOT NULL,
	"sent_at_height" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_sent_transactions_merchant_id_reference_pk" PRIMARY KEY("merchant_id","reference")
);
--> statement-breakpoint
ALTER TABLE "chain_sent_transactions" ADD CONSTRAINT "chain_sent_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;