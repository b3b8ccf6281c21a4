CREATE TABLE "provider_health" (
	"provider" text PRIMARY KEY NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_error" text,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "provider_health_failures" CHECK ("provider_health"."consecutive_failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_outages" (
	"provider" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_operations" ADD COLUMN "status_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_follower_state" ADD COLUMN "head" bigint;--> statement-breakpoint
ALTER TABLE "chain_follower_state" ADD COLUMN "caught_up_at" timestamp with time zone;