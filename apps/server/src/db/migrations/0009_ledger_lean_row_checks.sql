ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_version";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_side";--> statement-breakpoint
ALTER TABLE "ledger_operations" DROP CONSTRAINT "ledger_operations_status";--> statement-breakpoint
ALTER TABLE "ledger_operations" DROP CONSTRAINT "ledger_operations_key_length";--> statement-breakpoint
ALTER TABLE "ledger_operations" DROP CONSTRAINT "ledger_operations_leg_count";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_type";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_resolution_names_pending";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_pending_has_timeout";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk";
