CREATE TABLE "kyc_review_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_review_settings_mode" CHECK ("kyc_review_settings"."mode" in ('manual', 'sandbox'))
);
--> statement-breakpoint
CREATE TABLE "operator_audit" (
	"merchant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"operator_id" uuid,
	"operator_email" text,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"changes" jsonb,
	"reason" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_audit_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "operator_audit_outcome" CHECK ("operator_audit"."outcome" in ('DONE', 'REFUSED'))
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "operator_sessions_stage" CHECK ("operator_sessions"."stage" in ('PASSWORD', 'ACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text NOT NULL,
	"totp_last_step" integer DEFAULT 0 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_email_unique" UNIQUE("email"),
	CONSTRAINT "operators_role" CHECK ("operators"."role" in ('PLATFORM_ADMIN', 'MERCHANT_ADMIN', 'COMPLIANCE', 'SUPPORT', 'FINANCE')),
	CONSTRAINT "operators_merchant" CHECK (("operators"."role" = 'PLATFORM_ADMIN') = ("operators"."merchant_id" is null))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "kyc_review_settings" ADD CONSTRAINT "kyc_review_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_audit_time" ON "operator_audit" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "operator_audit_target" ON "operator_audit" USING btree ("merchant_id","target_id");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator" ON "operator_sessions" USING btree ("operator_id");