ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_shard";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_version";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_customer_not_below_zero";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_debits_within_credits";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_credits_within_debits";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_counters_non_negative";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP COLUMN "credits_must_not_exceed_debits";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_not_overdrawn" CHECK (("ledger_accounts"."owner_id" is null and not "ledger_accounts"."debits_must_not_exceed_credits") or "ledger_accounts"."debits_posted" + "ledger_accounts"."debits_pending" <= "ledger_accounts"."credits_posted");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_counters_non_negative" CHECK (least("ledger_accounts"."debits_posted", "ledger_accounts"."credits_posted", "ledger_accounts"."debits_pending", "ledger_accounts"."credits_pending") >= 0);