CREATE TABLE "sandbox_support_chat_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"chat_key" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_support_chat_author" CHECK ("sandbox_support_chat_messages"."author" in ('customer', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "support_url" text;--> statement-breakpoint
CREATE INDEX "sandbox_support_chat_conversation" ON "sandbox_support_chat_messages" USING btree ("chat_key","conversation_id","created_at");--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_support_email_shape" CHECK ("merchants"."support_email" ~ '^[^@\s]+@[^@\s]+$');--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_support_url_https" CHECK ("merchants"."support_url" ~ '^https?://');