-- The sandbox issuer keeps what it was paid for each card (the card order's fiat side, which the
-- ledger credits to issuer_settlement), so its book and the ledger agree after a card order
-- (docs/backoffice.md "Reports and reconciliation"; before, every order showed as a difference).
ALTER TABLE "sandbox_issuer_cards" ADD COLUMN "price_amount" numeric(39, 0);--> statement-breakpoint
ALTER TABLE "sandbox_issuer_cards" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "sandbox_issuer_cards" ADD CONSTRAINT "sandbox_issuer_cards_price" CHECK (("sandbox_issuer_cards"."price_amount" is null) = ("sandbox_issuer_cards"."price_currency" is null) and "sandbox_issuer_cards"."price_amount" >= 0);