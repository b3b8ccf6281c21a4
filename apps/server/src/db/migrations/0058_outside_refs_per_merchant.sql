-- Outside references unique per merchant: an issuer's card id, an acquirer's payment reference,
-- a card balance's ledger account and an IBAN each unique with the merchant, so the tables can be
-- distributed by merchant on Citus (docs/scaling.md). An IBAN is still found by itself (the
-- bank's incoming transfer names no merchant), through a plain index.
ALTER TABLE "card_payments" DROP CONSTRAINT "card_payments_provider_ref";--> statement-breakpoint
ALTER TABLE "card_balances" DROP CONSTRAINT "card_balances_account";--> statement-breakpoint
ALTER TABLE "cards" DROP CONSTRAINT "cards_issuer_card";--> statement-breakpoint
DROP INDEX "iban_accounts_iban";--> statement-breakpoint
CREATE INDEX "iban_accounts_by_iban" ON "iban_accounts" USING btree ("iban");--> statement-breakpoint
CREATE UNIQUE INDEX "iban_accounts_iban" ON "iban_accounts" USING btree ("merchant_id","iban");--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_provider_ref" UNIQUE("merchant_id","provider_ref");--> statement-breakpoint
ALTER TABLE "card_balances" ADD CONSTRAINT "card_balances_account" UNIQUE("merchant_id","ledger_account_id");--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_issuer_card" UNIQUE("merchant_id","issuer_card_id");
