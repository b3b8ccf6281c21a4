-- Crypto withdrawals grow with customers: the merchant leads the primary key and goes with the
-- customer in the foreign key (docs/scaling.md). (drizzle-kit cannot name the old primary key.)
ALTER TABLE "crypto_withdrawals" DROP CONSTRAINT "crypto_withdrawals_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" DROP CONSTRAINT "crypto_withdrawals_pkey";--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" ADD CONSTRAINT "crypto_withdrawals_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "crypto_withdrawals" ADD CONSTRAINT "crypto_withdrawals_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;
