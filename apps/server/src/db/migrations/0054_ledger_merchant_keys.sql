-- The ledger grows with customers: the merchant leads every key, every foreign key between ledger
-- tables carries it, and ledger_entries gets it (from its account), so a merchant's ledger can sit
-- on one Citus worker (docs/scaling.md). drizzle-kit cannot name the old primary keys
-- (<table>_pkey), nor fill the new column of existing entries: both written by hand.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk";--> statement-breakpoint
ALTER TABLE "ledger_open_pending" DROP CONSTRAINT "ledger_open_pending_transfer_id_ledger_transfers_id_fk";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_operation_id_ledger_operations_id_fk";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_pending_id_ledger_transfers_id_fk";--> statement-breakpoint
DROP INDEX "ledger_transfers_resolve_once";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_pkey";--> statement-breakpoint
ALTER TABLE "ledger_open_pending" DROP CONSTRAINT "ledger_open_pending_pkey";--> statement-breakpoint
ALTER TABLE "ledger_operations" DROP CONSTRAINT "ledger_operations_pkey";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_pkey";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "ledger_open_pending" ADD CONSTRAINT "ledger_open_pending_merchant_id_transfer_id_pk" PRIMARY KEY("merchant_id","transfer_id");--> statement-breakpoint
ALTER TABLE "ledger_operations" ADD CONSTRAINT "ledger_operations_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "merchant_id" uuid;--> statement-breakpoint
-- Entries are append-only (db/functions/ledger_forbid_change.sql, applied after the migrations):
-- on a database that has the trigger, it stands aside for this one fill.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'ledger_entries_append_only') THEN
    ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only";
  END IF;
  UPDATE "ledger_entries" e SET "merchant_id" = a."merchant_id" FROM "ledger_accounts" a WHERE a."id" = e."account_id";
  IF EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'ledger_entries_append_only') THEN
    ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only";
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "merchant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_version";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_version" PRIMARY KEY("merchant_id","account_id","version");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_of_merchant" FOREIGN KEY ("merchant_id","account_id") REFERENCES "public"."ledger_accounts"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_of_merchant" FOREIGN KEY ("merchant_id","transfer_id") REFERENCES "public"."ledger_transfers"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_open_pending" ADD CONSTRAINT "ledger_open_pending_transfer_of_merchant" FOREIGN KEY ("merchant_id","transfer_id") REFERENCES "public"."ledger_transfers"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_operation_of_merchant" FOREIGN KEY ("merchant_id","operation_id") REFERENCES "public"."ledger_operations"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_pending_of_merchant" FOREIGN KEY ("merchant_id","pending_id") REFERENCES "public"."ledger_transfers"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_resolve_once" ON "ledger_transfers" USING btree ("merchant_id","pending_id") WHERE "ledger_transfers"."pending_id" is not null;
