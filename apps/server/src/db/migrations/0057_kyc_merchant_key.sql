-- KYC keyed by merchant first: applications, documents, decisions, the customer's state and usage;
-- documents and decisions refer to their application with the merchant, and a decision gets
-- merchant_id (from its application), so a merchant's KYC can sit on its Citus worker
-- (docs/scaling.md). drizzle-kit cannot name the old primary keys (<table>_pkey), nor fill the
-- new column: both written by hand.
ALTER TABLE "kyc_decisions" DROP CONSTRAINT "kyc_decisions_application_id_kyc_applications_id_fk";--> statement-breakpoint
ALTER TABLE "kyc_documents" DROP CONSTRAINT "kyc_documents_application_id_kyc_applications_id_fk";--> statement-breakpoint
ALTER TABLE "kyc_applications" DROP CONSTRAINT "kyc_applications_pkey";--> statement-breakpoint
ALTER TABLE "kyc_customers" DROP CONSTRAINT "kyc_customers_pkey";--> statement-breakpoint
ALTER TABLE "kyc_decisions" DROP CONSTRAINT "kyc_decisions_pkey";--> statement-breakpoint
ALTER TABLE "kyc_documents" DROP CONSTRAINT "kyc_documents_pkey";--> statement-breakpoint
ALTER TABLE "kyc_usage" DROP CONSTRAINT "kyc_usage_pkey";--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
UPDATE "kyc_decisions" d SET "merchant_id" = a."merchant_id" FROM "kyc_applications" a WHERE a."id" = d."application_id";--> statement-breakpoint
ALTER TABLE "kyc_decisions" ALTER COLUMN "merchant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "kyc_customers" ADD CONSTRAINT "kyc_customers_merchant_id_customer_id_pk" PRIMARY KEY("merchant_id","customer_id");--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_merchant_id_decision_id_pk" PRIMARY KEY("merchant_id","decision_id");--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "kyc_usage" ADD CONSTRAINT "kyc_usage_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_application_of_merchant" FOREIGN KEY ("merchant_id","application_id") REFERENCES "public"."kyc_applications"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_application_of_merchant" FOREIGN KEY ("merchant_id","application_id") REFERENCES "public"."kyc_applications"("merchant_id","id") ON DELETE no action ON UPDATE no action;
