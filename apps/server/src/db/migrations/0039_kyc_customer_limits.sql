CREATE TABLE "kyc_customer_limits" (
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"operation_type" text NOT NULL,
	"per_transaction" numeric(39, 0) NOT NULL,
	"daily" numeric(39, 0) NOT NULL,
	"monthly" numeric(39, 0) NOT NULL,
	"request_id" uuid NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_customer_limits_merchant_id_customer_id_operation_type_pk" PRIMARY KEY("merchant_id","customer_id","operation_type"),
	CONSTRAINT "kyc_customer_limits_amounts" CHECK ("kyc_customer_limits"."per_transaction" >= 0 and "kyc_customer_limits"."daily" >= "kyc_customer_limits"."per_transaction" and "kyc_customer_limits"."monthly" >= "kyc_customer_limits"."daily")
);
--> statement-breakpoint
ALTER TABLE "kyc_customer_limits" ADD CONSTRAINT "kyc_customer_limits_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;