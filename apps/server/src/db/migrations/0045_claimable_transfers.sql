CREATE TABLE "claimable_transfers" (
	"merchant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(39, 0) NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"recipient_id" uuid,
	"hold_operation_id" uuid NOT NULL,
	"release_operation_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "claimable_transfers_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "claimable_transfers_status" CHECK (status in ('HELD', 'CLAIMED', 'RETURNED', 'CANCELLED')),
	CONSTRAINT "claimable_transfers_amount" CHECK ("claimable_transfers"."amount" > 0),
	CONSTRAINT "claimable_transfers_settled" CHECK (("claimable_transfers"."status" = 'HELD') = ("claimable_transfers"."release_operation_id" is null)
        and ("claimable_transfers"."status" = 'CLAIMED') = ("claimable_transfers"."recipient_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind";--> statement-breakpoint
ALTER TABLE "claimable_transfers" ADD CONSTRAINT "claimable_transfers_sender_of_merchant" FOREIGN KEY ("sender_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claimable_transfers" ADD CONSTRAINT "claimable_transfers_recipient_of_merchant" FOREIGN KEY ("recipient_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claimable_transfers_held_phone" ON "claimable_transfers" USING btree ("merchant_id","phone") WHERE "claimable_transfers"."status" = 'HELD';--> statement-breakpoint
CREATE INDEX "claimable_transfers_held_expiry" ON "claimable_transfers" USING btree ("expires_at") WHERE "claimable_transfers"."status" = 'HELD';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind" CHECK (("ledger_accounts"."kind" in ('customer_wallet', 'card_balance', 'deposit_principal', 'deposit_interest', 'iban_balance') and "ledger_accounts"."owner_id" is not null and "ledger_accounts"."shard" = 0)
        or ("ledger_accounts"."kind" in ('fee_income', 'liquidity', 'acquiring_clearing', 'payout_clearing', 'chain_hot_wallet', 'issuer_settlement', 'bank_settlement', 'interest_expense', 'claims_held') and "ledger_accounts"."owner_id" is null));