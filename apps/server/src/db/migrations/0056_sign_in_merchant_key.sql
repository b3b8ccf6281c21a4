-- Sessions, refresh tokens, SMS codes and captcha passes keyed by merchant first; a refresh token
-- gets merchant_id (from its session) and refers to its session with it, so they can sit on
-- their merchant's Citus worker (docs/scaling.md). drizzle-kit cannot name the old primary keys
-- (<table>_pkey), nor fill the new column: both written by hand.
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_session_id_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "captcha_passes" DROP CONSTRAINT "captcha_passes_pkey";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_pkey";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey";--> statement-breakpoint
ALTER TABLE "verification_codes" DROP CONSTRAINT "verification_codes_pkey";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
UPDATE "refresh_tokens" r SET "merchant_id" = s."merchant_id" FROM "sessions" s WHERE s."id" = r."session_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "merchant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "captcha_passes" ADD CONSTRAINT "captcha_passes_merchant_id_token_hash_pk" PRIMARY KEY("merchant_id","token_hash");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_merchant_id_token_hash_pk" PRIMARY KEY("merchant_id","token_hash");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_of_merchant" FOREIGN KEY ("merchant_id","session_id") REFERENCES "public"."sessions"("merchant_id","id") ON DELETE no action ON UPDATE no action;
