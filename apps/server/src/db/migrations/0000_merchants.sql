CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"settings" jsonb NOT NULL,
	"support_chat_key" text,
	"social" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"referral_code_required" boolean DEFAULT false NOT NULL,
	"blocked_countries" text[] NOT NULL,
	"currencies" text[] NOT NULL,
	"fiat_currency" text DEFAULT 'EUR' NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_hash" text NOT NULL,
	"signing_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_slug_unique" UNIQUE("slug"),
	CONSTRAINT "merchants_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_one_default" ON "merchants" USING btree ("is_default") WHERE "merchants"."is_default";