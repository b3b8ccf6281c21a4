CREATE TABLE "kyc_limit_requests" (
	"merchant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "kyc_limit_requests_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "kyc_limit_requests_status" CHECK ("kyc_limit_requests"."status" in ('UNDER_REVIEW', 'APPROVED', 'REJECTED')),
	CONSTRAINT "kyc_limit_requests_decided" CHECK (("kyc_limit_requests"."status" = 'UNDER_REVIEW') = ("kyc_limit_requests"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "merchant_operations" DROP CONSTRAINT "merchant_operations_kyc_levels";--> statement-breakpoint
ALTER TABLE "kyc_applications" DROP CONSTRAINT "kyc_applications_target_level";--> statement-breakpoint
ALTER TABLE "kyc_customers" DROP CONSTRAINT "kyc_customers_level";--> statement-breakpoint
ALTER TABLE "kyc_limits" DROP CONSTRAINT "kyc_limits_level";--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "kyc_level" SET DEFAULT 'KYC_0';--> statement-breakpoint
-- Spec §3 knows two levels (docs/kyc.md "Levels"): NONE becomes KYC_0, and KYC_1 (the widget's
-- approval) and KYC_3 (an approved limit increase) become KYC_2. Catalog rules and limits follow.
UPDATE "customers" SET "kyc_level" = CASE WHEN "kyc_level" = 'NONE' THEN 'KYC_0' ELSE 'KYC_2' END WHERE "kyc_level" IN ('NONE', 'KYC_1', 'KYC_3');--> statement-breakpoint
UPDATE "kyc_customers" SET "level" = CASE WHEN "level" = 'NONE' THEN 'KYC_0' ELSE 'KYC_2' END, "updated_at" = now() WHERE "level" IN ('NONE', 'KYC_1', 'KYC_3');--> statement-breakpoint
UPDATE "kyc_applications" SET "target_level" = 'KYC_2' WHERE "target_level" <> 'KYC_2';--> statement-breakpoint
UPDATE "merchant_operations" SET "kyc_levels" = ARRAY(SELECT DISTINCT CASE WHEN l IN ('KYC_1', 'KYC_3') THEN 'KYC_2' ELSE l END FROM unnest("kyc_levels") AS l ORDER BY 1) WHERE "kyc_levels" && ARRAY['KYC_1', 'KYC_3']::text[];--> statement-breakpoint
-- KYC_2 keeps its own figures; the rows of the levels that are gone go with them.
DELETE FROM "kyc_limits" WHERE "kyc_level" IN ('KYC_1', 'KYC_3');--> statement-breakpoint
-- An open KYC_3 request was a limit increase: operators find it with the new ones.
INSERT INTO "kyc_limit_requests" ("merchant_id", "id", "customer_id", "status", "created_at") SELECT "merchant_id", "id", "customer_id", 'UNDER_REVIEW', "created_at" FROM "kyc_applications" WHERE "kind" = 'KYC3' AND "status" = 'UNDER_REVIEW';--> statement-breakpoint
ALTER TABLE "kyc_limit_requests" ADD CONSTRAINT "kyc_limit_requests_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_limit_requests_open" ON "kyc_limit_requests" USING btree ("merchant_id","customer_id") WHERE "kyc_limit_requests"."status" = 'UNDER_REVIEW';--> statement-breakpoint
ALTER TABLE "merchant_operations" ADD CONSTRAINT "merchant_operations_kyc_levels" CHECK ("merchant_operations"."kyc_levels" <@ array['KYC_0', 'KYC_2']::text[]);--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_target_level" CHECK ("kyc_applications"."target_level" = 'KYC_2');--> statement-breakpoint
ALTER TABLE "kyc_customers" ADD CONSTRAINT "kyc_customers_level" CHECK ("kyc_customers"."level" in ('KYC_0', 'KYC_2'));--> statement-breakpoint
ALTER TABLE "kyc_limits" ADD CONSTRAINT "kyc_limits_level" CHECK ("kyc_limits"."kyc_level" in ('KYC_0', 'KYC_2'));
