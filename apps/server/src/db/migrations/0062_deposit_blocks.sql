ALTER TABLE "crypto_deposits" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD COLUMN "block_hash" text;