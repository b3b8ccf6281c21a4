CREATE TABLE "iban_owners" (
	"iban" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "iban_accounts_by_iban";--> statement-breakpoint
ALTER TABLE "iban_owners" ADD CONSTRAINT "iban_owners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The IBANs issued so far: the bank issues each once, so each has one merchant.
INSERT INTO "iban_owners" ("iban", "merchant_id", "created_at") SELECT "iban", "merchant_id", "created_at" FROM "iban_accounts";
