CREATE TABLE "adjustment_proposals" (
	"merchant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(39, 0) NOT NULL,
	"house_account" text NOT NULL,
	"customer_reason" text NOT NULL,
	"audit_reason" text NOT NULL,
	"status" text NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_by_email" text NOT NULL,
	"decided_by" uuid,
	"decided_by_email" text,
	"decision_reason" text,
	"ledger_operation_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "adjustment_proposals_merchant_id_id_pk" PRIMARY KEY("merchant_id","id"),
	CONSTRAINT "adjustment_proposals_four_eyes" CHECK ("adjustment_proposals"."decided_by" <> "adjustment_proposals"."proposed_by"),
	CONSTRAINT "adjustment_proposals_direction" CHECK ("adjustment_proposals"."direction" in ('CREDIT', 'DEBIT')),
	CONSTRAINT "adjustment_proposals_status" CHECK ("adjustment_proposals"."status" in ('PROPOSED', 'APPROVED', 'REJECTED', 'EXPIRED')),
	CONSTRAINT "adjustment_proposals_amount" CHECK ("adjustment_proposals"."amount" > 0),
	CONSTRAINT "adjustment_proposals_decision" CHECK (("adjustment_proposals"."status" = 'APPROVED') = ("adjustment_proposals"."ledger_operation_id" is not null)
        and ("adjustment_proposals"."status" in ('APPROVED', 'REJECTED')) = ("adjustment_proposals"."decided_by" is not null)
        and ("adjustment_proposals"."status" = 'PROPOSED') = ("adjustment_proposals"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind";--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_proposed_by_operators_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_proposals" ADD CONSTRAINT "adjustment_proposals_customer_of_merchant" FOREIGN KEY ("customer_id","merchant_id") REFERENCES "public"."customers"("id","merchant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustment_proposals_queue" ON "adjustment_proposals" USING btree ("merchant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "adjustment_proposals_customer" ON "adjustment_proposals" USING btree ("merchant_id","customer_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind" CHECK (("ledger_accounts"."kind" in ('customer_wallet', 'card_balance', 'deposit_principal', 'deposit_interest', 'iban_balance') and "ledger_accounts"."owner_id" is not null and "ledger_accounts"."shard" = 0)
        or ("ledger_accounts"."kind" in ('fee_income', 'liquidity', 'acquiring_clearing', 'payout_clearing', 'chain_hot_wallet', 'issuer_settlement', 'bank_settlement', 'interest_expense', 'claims_held', 'adjustments') and "ledger_accounts"."owner_id" is null));