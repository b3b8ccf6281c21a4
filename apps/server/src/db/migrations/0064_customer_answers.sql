CREATE TABLE "customer_answers" (
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"is_us_related" boolean,
	"us_related_person" text,
	"income_sources" text[],
	"additional_sources" text,
	"estimated_monthly_turnover_range" text,
	"tax_country" text,
	"tax_id" text,
	"billing_country" text,
	"billing_city" text,
	"billing_address" text,
	"billing_address2" text,
	"billing_postal_code" text,
	"billing_state" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_answers_merchant_id_customer_id_pk" PRIMARY KEY("merchant_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "customer_answers" ADD CONSTRAINT "customer_answers_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;