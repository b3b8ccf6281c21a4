CREATE TABLE "security_alert_links" (
	"merchant_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_alert_links_merchant_id_token_hash_pk" PRIMARY KEY("merchant_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"merchant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"session_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_events_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "security_events_kind" CHECK (kind in ('SIGN_IN', 'PASSWORD_CHANGED', 'EMAIL_CHANGED', 'CARD_PIN_SET', 'CARD_NUMBER_SHOWN', 'CARD_FROZEN', 'CARD_UNFROZEN', 'SESSION_SIGNED_OUT', 'ALL_SIGNED_OUT'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_label" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "security_alert_links" ADD CONSTRAINT "security_alert_links_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_events_customer" ON "security_events" USING btree ("merchant_id","customer_id","created_at");