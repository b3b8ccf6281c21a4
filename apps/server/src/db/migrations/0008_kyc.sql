CREATE TABLE "kyc_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_level" text NOT NULL,
	"status" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"reject_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"reject_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_applications_kind" CHECK ("kyc_applications"."kind" in ('WIDGET', 'SUMSUB', 'KYC3')),
	CONSTRAINT "kyc_applications_target_level" CHECK ("kyc_applications"."target_level" in ('KYC_1', 'KYC_2', 'KYC_3')),
	CONSTRAINT "kyc_applications_status" CHECK ("kyc_applications"."status" in ('READY_TO_START', 'IN_PROGRESS', 'UNDER_REVIEW', 'APPROVED', 'REJECTED', 'ACTION_NEEDED', 'SUPPORT'))
);
--> statement-breakpoint
CREATE TABLE "kyc_customers" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"level" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_customers_level" CHECK ("kyc_customers"."level" in ('NONE', 'KYC_0', 'KYC_1', 'KYC_2', 'KYC_3'))
);
--> statement-breakpoint
CREATE TABLE "kyc_decisions" (
	"decision_id" text PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"effect" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"doc_type" text NOT NULL,
	"issued_date" date,
	"issued_country" text,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"blob_key" text NOT NULL,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_documents_content_type" CHECK ("kyc_documents"."content_type" in ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "kyc_documents_size" CHECK ("kyc_documents"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "kyc_limits" (
	"merchant_id" uuid NOT NULL,
	"kyc_level" text NOT NULL,
	"operation_type" text NOT NULL,
	"per_transaction" numeric(39, 0) NOT NULL,
	"daily" numeric(39, 0) NOT NULL,
	"monthly" numeric(39, 0) NOT NULL,
	CONSTRAINT "kyc_limits_merchant_id_kyc_level_operation_type_pk" PRIMARY KEY("merchant_id","kyc_level","operation_type"),
	CONSTRAINT "kyc_limits_level" CHECK ("kyc_limits"."kyc_level" in ('KYC_0', 'KYC_1', 'KYC_2', 'KYC_3')),
	CONSTRAINT "kyc_limits_amounts" CHECK ("kyc_limits"."per_transaction" >= 0 and "kyc_limits"."daily" >= "kyc_limits"."per_transaction" and "kyc_limits"."monthly" >= "kyc_limits"."daily")
);
--> statement-breakpoint
CREATE TABLE "kyc_usage" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"operation_type" text NOT NULL,
	"amount" numeric(39, 0) NOT NULL,
	"currency" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "kyc_usage_amount" CHECK ("kyc_usage"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_customers" ADD CONSTRAINT "kyc_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_customers" ADD CONSTRAINT "kyc_customers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_decisions" ADD CONSTRAINT "kyc_decisions_application_id_kyc_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."kyc_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_application_id_kyc_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."kyc_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_limits" ADD CONSTRAINT "kyc_limits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_usage" ADD CONSTRAINT "kyc_usage_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_usage" ADD CONSTRAINT "kyc_usage_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_applications_customer" ON "kyc_applications" USING btree ("merchant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_documents_application" ON "kyc_documents" USING btree ("application_id","doc_type");--> statement-breakpoint
CREATE INDEX "kyc_documents_checksum" ON "kyc_documents" USING btree ("merchant_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_usage_reference" ON "kyc_usage" USING btree ("merchant_id","reference");--> statement-breakpoint
CREATE INDEX "kyc_usage_window" ON "kyc_usage" USING btree ("merchant_id","customer_id","operation_type","created_at");