ALTER TABLE "cards" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "pin_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_issuer_cards" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "sandbox_issuer_cards" ADD COLUMN "soft_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_label" CHECK ("cards"."label" is null or char_length("cards"."label") between 1 and 30);