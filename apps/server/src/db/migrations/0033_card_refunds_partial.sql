ALTER TABLE "card_operations" ADD COLUMN "issuer_event_id" text;--> statement-breakpoint
-- Added by hand: a refund recorded so far was the only one of its purchase (the old constraint
-- allowed one per issuer transaction), so `<transaction>:REFUND` (the event id's form,
-- docs/card-funding.md) identifies it uniquely; the CHECK below needs every REFUND row to have one.
-- (Its event was claimed in card_issuer_events with its answer, so a repeat of it never reaches
-- this table again, whatever its id was.)
UPDATE "card_operations" SET "issuer_event_id" = "issuer_tx_id" || ':REFUND' WHERE "kind" = 'REFUND';--> statement-breakpoint
-- The old "one row per issuer transaction and kind" stays for every kind but REFUND (the index
-- takes the constraint's name, so it goes first; the migrator runs this file in one transaction).
ALTER TABLE "card_operations" DROP CONSTRAINT "card_operations_issuer_tx";--> statement-breakpoint
CREATE UNIQUE INDEX "card_operations_issuer_tx" ON "card_operations" USING btree ("merchant_id","issuer_tx_id","kind") WHERE "card_operations"."kind" <> 'REFUND';--> statement-breakpoint
ALTER TABLE "card_operations" ADD CONSTRAINT "card_operations_issuer_event" UNIQUE("merchant_id","issuer_event_id");--> statement-breakpoint
ALTER TABLE "card_operations" ADD CONSTRAINT "card_operations_refund_event" CHECK (("card_operations"."kind" = 'REFUND') = ("card_operations"."issuer_event_id" is not null));--> statement-breakpoint
CREATE INDEX "card_operations_refunds" ON "card_operations" USING btree ("merchant_id","issuer_tx_id") WHERE "card_operations"."kind" = 'REFUND';
