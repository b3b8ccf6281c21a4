CREATE TABLE "deposit_events" (
	"id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"deposit_id" uuid NOT NULL,
	"operation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(39, 0) NOT NULL,
	"from_day" integer,
	"to_day" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_events_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "deposit_events_once" UNIQUE("merchant_id","deposit_id","operation_id"),
	CONSTRAINT "deposit_events_kind" CHECK ("deposit_events"."kind" in ('OPENED', 'INTEREST', 'CLOSED', 'MATURED')),
	CONSTRAINT "deposit_events_amount" CHECK ("deposit_events"."amount" >= 0),
	CONSTRAINT "deposit_events_days" CHECK (("deposit_events"."kind" = 'INTEREST') = ("deposit_events"."from_day" is not null and "deposit_events"."to_day" is not null)
        and ("deposit_events"."from_day" is null or ("deposit_events"."from_day" >= 0 and "deposit_events"."to_day" > "deposit_events"."from_day")))
);
--> statement-breakpoint
CREATE TABLE "deposit_templates" (
	"id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"product_type" text NOT NULL,
	"months" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"min_amount" numeric(39, 0) NOT NULL,
	"max_amount" numeric(39, 0) NOT NULL,
	CONSTRAINT "deposit_templates_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "deposit_templates_one_term" UNIQUE("merchant_id","currency","product_type","months"),
	CONSTRAINT "deposit_templates_product_type" CHECK ("deposit_templates"."product_type" in ('FIX', 'FLEX')),
	CONSTRAINT "deposit_templates_months" CHECK ("deposit_templates"."months" between 0 and 120),
	CONSTRAINT "deposit_templates_rate" CHECK ("deposit_templates"."rate_bp" between 0 and 10000),
	CONSTRAINT "deposit_templates_amounts" CHECK ("deposit_templates"."min_amount" > 0 and "deposit_templates"."min_amount" <= "deposit_templates"."max_amount")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"product_type" text NOT NULL,
	"months" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"min_amount" numeric(39, 0) NOT NULL,
	"max_amount" numeric(39, 0) NOT NULL,
	"principal" numeric(39, 0) NOT NULL,
	"principal_account_id" uuid NOT NULL,
	"interest_account_id" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"term_days" integer NOT NULL,
	"accrued_days" integer DEFAULT 0 NOT NULL,
	"accrued_interest" numeric(39, 0) DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"closed_at" timestamp with time zone,
	"paid_interest" numeric(39, 0),
	CONSTRAINT "deposits_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "deposits_product_type" CHECK ("deposits"."product_type" in ('FIX', 'FLEX')),
	CONSTRAINT "deposits_status" CHECK ("deposits"."status" in ('OPEN', 'CLOSED', 'MATURED')),
	CONSTRAINT "deposits_months" CHECK ("deposits"."months" between 1 and 120),
	CONSTRAINT "deposits_rate" CHECK ("deposits"."rate_bp" between 1 and 10000),
	CONSTRAINT "deposits_principal" CHECK ("deposits"."principal" between "deposits"."min_amount" and "deposits"."max_amount"),
	CONSTRAINT "deposits_accrual" CHECK ("deposits"."accrued_days" between 0 and "deposits"."term_days" and "deposits"."accrued_interest" >= 0),
	CONSTRAINT "deposits_term" CHECK ("deposits"."term_days" > 0 and "deposits"."expires_at" > "deposits"."opened_at"),
	CONSTRAINT "deposits_closed" CHECK (("deposits"."status" = 'OPEN') = ("deposits"."closed_at" is null) and ("deposits"."status" = 'OPEN') = ("deposits"."paid_interest" is null))
);
--> statement-breakpoint
ALTER TABLE "deposit_events" ADD CONSTRAINT "deposit_events_of_deposit" FOREIGN KEY ("merchant_id","deposit_id") REFERENCES "public"."deposits"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_templates" ADD CONSTRAINT "deposit_templates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_events_page" ON "deposit_events" USING btree ("merchant_id","deposit_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_of_customer" ON "deposits" USING btree ("merchant_id","customer_id","status","opened_at");--> statement-breakpoint
CREATE INDEX "deposits_open" ON "deposits" USING btree ("status","opened_at");