-- Customers grow with merchants: the merchant leads their key, and every table that refers to a
-- customer does so with the merchant (customer_id, merchant_id), so a merchant's customers and
-- what hangs on them can sit on one Citus worker (docs/scaling.md). customer_devices and
-- email_tokens get merchant_id, filled from their customer. drizzle-kit cannot name the old
-- primary keys (<table>_pkey), nor fill the new columns: both written by hand.
ALTER TABLE "crypto_deposits" DROP CONSTRAINT "crypto_deposits_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "deposit_addresses" DROP CONSTRAINT "deposit_addresses_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "customer_devices" DROP CONSTRAINT "customer_devices_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "kyc_applications" DROP CONSTRAINT "kyc_applications_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "kyc_customers" DROP CONSTRAINT "kyc_customers_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "kyc_documents" DROP CONSTRAINT "kyc_documents_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "customer_devices" DROP CONSTRAINT "customer_devices_customer_id_device_id_pk";--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_pkey";--> statement-breakpoint
ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_pkey";--> statement-breakpoint
ALTER TABLE "customer_devices" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
UPDATE "customer_devices" d SET "merchant_id" = c."merchant_id" FROM "customers" c WHERE c."id" = d."customer_id";--> statement-breakpoint
ALTER TABLE "customer_devices" ALTER COLUMN "merchant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
UPDATE "email_tokens" e SET "merchant_id" = c."merchant_id" FROM "customers" c WHERE c."id" = e."customer_id";--> statement-breakpoint
ALTER TABLE "email_tokens" ALTER COLUMN "merchant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_devices" ADD CONSTRAINT "customer_devices_merchant_id_customer_id_device_id_pk" PRIMARY KEY("merchant_id","customer_id","device_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_merchant_id_token_hash_pk" PRIMARY KEY("merchant_id","token_hash");--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_devices" ADD CONSTRAINT "customer_devices_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_customers" ADD CONSTRAINT "kyc_customers_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;
