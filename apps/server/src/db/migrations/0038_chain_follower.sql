CREATE TABLE "chain_follower_state" (
	"network" text PRIMARY KEY NOT NULL,
	"height" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crypto_deposits" DROP CONSTRAINT "crypto_deposits_status";--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_status" CHECK ("crypto_deposits"."status" in ('PENDING', 'CONFIRMED', 'DROPPED'));