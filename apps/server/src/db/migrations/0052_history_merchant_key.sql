-- The history grows with customers: the merchant leads its primary key (docs/scaling.md).
-- (drizzle-kit cannot name the old primary key; PostgreSQL named it history_entries_pkey.)
ALTER TABLE "history_entries" DROP CONSTRAINT "history_entries_pkey";--> statement-breakpoint
ALTER TABLE "history_entries" ADD CONSTRAINT "history_entries_merchant_id_id_pk" PRIMARY KEY("merchant_id","id");
