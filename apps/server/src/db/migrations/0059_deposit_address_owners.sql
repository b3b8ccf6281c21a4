-- Deposit addresses and crypto deposits keyed by merchant first (docs/scaling.md). An address's
-- uniqueness across merchants moves into deposit_address_owners (a reference table on Citus),
-- filled here from the addresses there are; the block follower finds an address's owner there.
-- drizzle-kit cannot name the old primary keys (<table>_pkey), nor fill the table: both by hand.
CREATE TABLE "deposit_address_owners" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_address_owners_chain_address_pk" PRIMARY KEY("chain","address"),
	CONSTRAINT "deposit_address_owners_chain" CHECK ("deposit_address_owners"."chain" in ('bitcoin', 'dogecoin', 'ethereum', 'litecoin', 'tron'))
);
--> statement-breakpoint
ALTER TABLE "deposit_address_owners" ADD CONSTRAINT "deposit_address_owners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "deposit_address_owners" ("chain", "address", "merchant_id", "customer_id", "created_at")
  SELECT "chain", "address", "merchant_id", "customer_id", "created_at" FROM "deposit_addresses";--> statement-breakpoint
ALTER TABLE "crypto_deposits" DROP CONSTRAINT "crypto_deposits_output_once";--> statement-breakpoint
ALTER TABLE "deposit_addresses" DROP CONSTRAINT "deposit_addresses_address_once";--> statement-breakpoint
ALTER TABLE "crypto_deposits" DROP CONSTRAINT "crypto_deposits_pkey";--> statement-breakpoint
ALTER TABLE "deposit_addresses" DROP CONSTRAINT "deposit_addresses_pkey";--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
CREATE INDEX "crypto_deposits_output" ON "crypto_deposits" USING btree ("chain","tx_hash","output_index");--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_output_once" UNIQUE("merchant_id","chain","tx_hash","output_index");--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_address_once" UNIQUE("merchant_id","chain","address");
