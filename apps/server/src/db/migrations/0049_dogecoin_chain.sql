ALTER TABLE "chain_account_keys" DROP CONSTRAINT "chain_account_keys_chain";--> statement-breakpoint
ALTER TABLE "chain_account_keys" DROP CONSTRAINT "chain_account_keys_public_only";--> statement-breakpoint
ALTER TABLE "deposit_addresses" DROP CONSTRAINT "deposit_addresses_chain";--> statement-breakpoint
ALTER TABLE "chain_account_keys" ADD CONSTRAINT "chain_account_keys_chain" CHECK ("chain_account_keys"."chain" in ('bitcoin', 'dogecoin', 'ethereum', 'litecoin', 'tron'));--> statement-breakpoint
ALTER TABLE "chain_account_keys" ADD CONSTRAINT "chain_account_keys_public_only" CHECK ("chain_account_keys"."extended_public_key" ~ '^([xz]pub|dgub)');--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_chain" CHECK ("deposit_addresses"."chain" in ('bitcoin', 'dogecoin', 'ethereum', 'litecoin', 'tron'));